import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AliasedSelectQueryBuilder, Compilable, Expression, SelectQueryBuilder } from 'kysely';
import { sql, type Database, type Db, type ShapeParameters } from '../db/sql.ts';
import { Session } from './session.entity.ts';
import { User } from './user.entity.ts';
import type { WorkspaceRole } from '../workspaces/workspace-member.entity.ts';
import type { WorkspaceAccess } from './scope.ts';

/**
 * A read made in the same round trip as the session lookup, for what every open page repeats (the status poll, the
 * ticket list): a query returning at most one row, given the id of the request's workspace (null when the user is
 * no member of the one the request names, so the read finds nothing). Its columns come back beside the
 * session's, so their names must not contain a dot.
 */
export interface SessionRead<V extends Record<string, unknown> = Record<string, unknown>> {
  /** What the read's text depends on besides which values it has; the same shape, the same statement (StatementShapes). */
  shape: string;
  /** The read's values, sent as parameters. */
  values: V & { tokenHash?: never; workspace?: never };
  /** The read, each value a parameter. */
  query(db: Db, workspace: Expression<string>, values: ShapeParameters<V>): Compilable<Record<string, unknown>> & { as(alias: 'r'): AliasedSelectQueryBuilder<Record<string, unknown>, 'r'> };
}

export interface SessionLookup {
  /**
   * The live (not revoked) session of a token hash with its user, in one row, columns prefixed 's.' and 'u.'; with a
   * read, its columns beside them (all null when it found nothing).
   */
  query(
    db: Db, tokenHash: Expression<string>, read?: { read: SessionRead; values: ShapeParameters<Record<string, unknown>> }, workspace?: Expression<string>,
  ): SelectQueryBuilder<Database, 'sessions' | 'users', Record<string, unknown>>;
  /** The row's columns of one side ('s' the session, 'u' the user), under their own names, for em.map. */
  columnsOf(row: Record<string, unknown>, side: 's' | 'u'): Record<string, unknown>;
  /** The read's columns of the row. */
  readOf(row: Record<string, unknown>): Record<string, unknown>;
  /** The workspace the request acts in and the user's role there; null when the user is no member of it. */
  workspaceOf(row: Record<string, unknown>): WorkspaceAccess | null;
}

/** The columns an entity loads by default (scalars and foreign keys; lazy ones such as the password hash left out). */
function loadedColumns(em: EntityManager, entity: EntityName): string[] {
  return em.getMetadata().get(entity).props
    .filter((prop) => !prop.lazy && prop.persist !== false && (prop.kind === 'scalar' || prop.kind === 'm:1'))
    .flatMap((prop) => prop.fieldNames ?? []);
}

/** The session lookup, its columns taken from the entities' metadata so it always loads what findOne would. */
export function sessionLookup(em: EntityManager): SessionLookup {
  const columns = { s: loadedColumns(em, Session), u: loadedColumns(em, User) };
  const selected = (['s', 'u'] as const).flatMap((side) => columns[side].map((column) => sql.ref(`${side}.${column}`).as(`${side}.${column}`)));
  return {
    query(db, tokenHash, read, workspace) {
      // The workspace the request names, else the user's personal one, with the user's membership there, in the
      // same round trip: the user's memberships are read off their index by user.
      const membership = db.selectFrom('workspace_members as m').innerJoin('workspaces as w', 'w.id', 'm.workspace_id')
        .select([
          sql.ref<string>('w.id').as('workspace_id'), sql.ref<string>('m.role').as('workspace_role'),
          sql.ref<string | null>('w.subscription_tier').as('workspace_tier'), sql.ref<boolean>('w.is_subscribed').as('workspace_subscribed'),
        ])
        .where('m.user_id', '=', sql.ref<string>('s.user_id'))
        .where((eb) => (workspace ? eb('w.id', '=', workspace) : eb.and([eb('w.personal', '=', true), eb('w.owner_id', '=', sql.ref<string>('s.user_id'))])))
        .limit(1);
      const lookup = db.selectFrom('sessions as s').innerJoin('users as u', 'u.id', 's.user_id').select(selected)
        .leftJoinLateral(membership.as('w'), (join) => join.onTrue())
        .select([
          sql.ref<string>('w.workspace_id').as('w.id'), sql.ref<string>('w.workspace_role').as('w.role'),
          sql.ref<string | null>('w.workspace_tier').as('w.tier'), sql.ref<boolean>('w.workspace_subscribed').as('w.subscribed'),
        ])
        .where('s.token_hash', '=', tokenHash).where('s.revoked_at', 'is', null);
      if (!read) return lookup as unknown as SelectQueryBuilder<Database, 'sessions' | 'users', Record<string, unknown>>;
      return lookup.leftJoinLateral(read.read.query(db, sql.ref<string>('w.workspace_id'), read.values).as('r'), (join) => join.onTrue())
        .selectAll('r') as unknown as SelectQueryBuilder<Database, 'sessions' | 'users', Record<string, unknown>>;
    },
    columnsOf: (row, side) => Object.fromEntries(columns[side].map((column) => [column, row[`${side}.${column}`]])),
    readOf: (row) => Object.fromEntries(Object.entries(row).filter(([column]) => !column.includes('.'))),
    workspaceOf: (row) => (row['w.id']
      ? {
        id: row['w.id'] as string, role: row['w.role'] as WorkspaceRole,
        plan: { subscriptionTier: row['w.tier'] as string | null, isSubscribed: row['w.subscribed'] as boolean },
      }
      : null),
  };
}
