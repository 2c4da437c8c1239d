// A database of a migration test's own, migrated up to just before the migrations under test, so they can be run on
// data written as the code before them wrote it.
import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { ormConfig } from '../../core/db/orm.ts';
import { createLogger } from '../../core/logger.ts';

export interface MigrationDatabase {
  /** A client of the database. */
  db: pg.Client;
  /** The ORM on it, whose migrator the test runs. */
  orm: MikroORM;
  /** Its address. */
  url: string;
}

/** Makes the database (named after `prefix`) before the file's tests, migrated up to `before`, and drops it after them. */
export function useMigrationDatabase(prefix: string, before: string): MigrationDatabase {
  const context = {} as MigrationDatabase;
  const name = `${prefix}_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: inject('databaseUrl') });
  beforeAll(async () => {
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const url = new URL(inject('databaseUrl'));
    url.pathname = `/${name}`;
    context.url = url.toString();
    context.orm = await MikroORM.init(ormConfig({ databaseUrl: context.url, logger: createLogger({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }) }));
    await context.orm.migrator.up({ to: before });
    context.db = new pg.Client({ connectionString: context.url });
    await context.db.connect();
  });
  afterAll(async () => {
    await context.db?.end();
    await context.orm?.close();
    await admin.query(`drop database if exists "${name}"`);
    await admin.end();
  });
  return context;
}
