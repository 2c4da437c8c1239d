import type { EntityManager } from '@mikro-orm/postgresql';
import type { WorkspaceList } from '../../schemas/types.ts';
import { db, sql } from '../db/sql.ts';
import { alphabetical } from '../db/like.ts';
import type { User } from '../users/user.entity.ts';

/** The workspaces `user` belongs to, with their role in each: the personal one first, then the others A-Z. */
export async function listWorkspaces(em: EntityManager, user: User): Promise<WorkspaceList> {
  const rows = await db(em).selectFrom('workspace_members as m').innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
    .select(['w.id', 'w.name', 'w.personal', 'm.role'])
    .where('m.user_id', '=', user.id)
    .orderBy('w.personal', 'desc').orderBy(alphabetical(sql.ref('w.name'))).orderBy('w.id')
    .execute();
  return { workspaces: rows.map((row) => ({ id: row.id, name: row.name, personal: row.personal, role: row.role })) };
}
