/**
 * The two dialects' schemas (db/schema.ts for SQLite, db/schema.pg.ts for PostgreSQL) have the
 * same tables with the same columns, keys and nullability: a table or column added to one and
 * not the other fails here (PostgreSQL's `leases` is its own: which process owns a tournament).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { getTableConfig as sqliteConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { getTableConfig as pgConfig, PgTable } from 'drizzle-orm/pg-core';
import * as sqlite from '../../db/schema.js';
import * as postgres from '../../db/schema.pg.js';

const PG_ONLY = new Set(['leases']);

type Shape = Record<string, { columns: Record<string, { notNull: boolean; primary: boolean }>; primaryKeys: string[][]; indexes: string[] }>;

function shapeOf(tables: Array<{ name: string; columns: Array<{ name: string; notNull: boolean; primary: boolean }>; primaryKeys: Array<{ columns: Array<{ name: string }> }>; indexes: Array<{ config: { name?: string } }> }>): Shape {
  return Object.fromEntries(
    tables.map((t) => [
      t.name,
      {
        columns: Object.fromEntries(t.columns.map((c) => [c.name, { notNull: c.notNull, primary: c.primary }])),
        primaryKeys: t.primaryKeys.map((k) => k.columns.map((c) => c.name)),
        indexes: t.indexes.map((i) => i.config.name ?? '').sort(),
      },
    ]),
  );
}

describe('schemas of both dialects', () => {
  it('have the same tables, columns, keys and indexes', () => {
    const lite = shapeOf(Object.values(sqlite).filter((v) => v instanceof SQLiteTable).map((t) => sqliteConfig(t as SQLiteTable)) as never);
    const pg = shapeOf(Object.values(postgres).filter((v) => v instanceof PgTable).map((t) => pgConfig(t as PgTable)).filter((t) => !PG_ONLY.has(t.name)) as never);
    assert.deepEqual(Object.keys(pg).sort(), Object.keys(lite).sort(), 'the same tables (add the new one to db/schema.pg.ts and run npm run db:generate)');
    assert.deepEqual(pg, lite);
  });
});
