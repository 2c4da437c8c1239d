import type { EntityName } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session } from './session.entity.ts';
import { User } from './user.entity.ts';

/** The signed-in user's id in the SQL of a SessionRead. */
export const SIGNED_IN_USER = 's.user_id';

/**
 * A read made in the same round trip as the session lookup, for what every open page repeats (the status poll, the
 * ticket list): SQL returning at most one row, whose SIGNED_IN_USER is the signed-in user, with its values. Its
 * columns come back beside the session's, so their names must not contain a dot.
 */
export interface SessionRead {
  sql: string;
  values: unknown[];
  /** The SQL holds a value of its own (a search's pattern, quoted), so it is planned for it and not prepared. */
  oneOff?: boolean;
}

export interface SessionLookup {
  /**
   * The live (not revoked) session of a token hash (the last value) with its user, in one row, columns prefixed
   * 's.' and 'u.'; with a read, its columns beside them (all null when it found nothing).
   */
  sql(read?: SessionRead): string;
  /** The row's columns of one side ('s' the session, 'u' the user), under their own names, for em.map. */
  columnsOf(row: Record<string, unknown>, side: 's' | 'u'): Record<string, unknown>;
  /** The read's columns of the row. */
  readOf(row: Record<string, unknown>): Record<string, unknown>;
}

/** The columns an entity loads by default (scalars and foreign keys; lazy ones such as the password hash left out). */
function loadedColumns(em: EntityManager, entity: EntityName): string[] {
  return em.getMetadata().get(entity).props
    .filter((prop) => !prop.lazy && prop.persist !== false && (prop.kind === 'scalar' || prop.kind === 'm:1'))
    .flatMap((prop) => prop.fieldNames ?? []);
}

/** The session lookup, its columns taken from the entities' metadata so it always loads what findOne would. */
export function sessionLookup(em: EntityManager): SessionLookup {
  const select = (alias: 's' | 'u', columns: string[]) => columns.map((column) => `${alias}."${column}" as "${alias}.${column}"`);
  const columns = { s: loadedColumns(em, Session), u: loadedColumns(em, User) };
  const selected = [...select('s', columns.s), ...select('u', columns.u)].join(', ');
  return {
    sql: (read) => `select ${selected}${read ? ', r.*' : ''} from sessions s join users u on u.id = s.user_id
      ${read ? `left join lateral (${read.sql}) r on true ` : ''}where s.token_hash = ? and s.revoked_at is null`,
    columnsOf: (row, side) => Object.fromEntries(columns[side].map((column) => [column, row[`${side}.${column}`]])),
    readOf: (row) => Object.fromEntries(Object.entries(row).filter(([column]) => !column.includes('.'))),
  };
}
