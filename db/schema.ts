/**
 * The database: tournaments with their current state, the command log they came from,
 * sessions and server settings. The command log is the truth; `tournaments.state` is a
 * checkpoint of the state, with the log after it replayed at start-up.
 */
import { sqliteTable, text, integer, primaryKey, uniqueIndex, index } from 'drizzle-orm/sqlite-core';

export const tournaments = sqliteTable('tournaments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** Seq of the last command applied (0 for a new tournament). */
  seq: integer('seq').notNull(),
  /**
   * A checkpoint: JSON of the engine state after command `state_seq` (at most `seq`). The
   * commands after it are replayed at start-up (server/host/store.ts, CHECKPOINT_EVERY).
   */
  state: text('state').notNull(),
  stateSeq: integer('state_seq').notNull().default(0),
  /** JSON of the input the tournament was created from: the start of every replay. */
  origin: text('origin').notNull(),
  /**
   * SHA-256 of `state` as Riffle wrote it: a row edited or damaged outside Riffle no longer
   * matches and is rebuilt from the command log at start-up. Null in rows written before it.
   */
  stateHash: text('state_hash'),
});

export const commands = sqliteTable(
  'commands',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    /** The caller's idempotency key (or one the server made up). */
    commandId: text('command_id').notNull(),
    type: text('type').notNull(),
    /** JSON of the validated arguments. */
    args: text('args').notNull(),
    /** Server time the command was applied at. */
    at: integer('at').notNull(),
    /** 256-bit hex seed for any random draw the command made (TDA 2017 r6 draws are explainable). */
    seed: text('seed').notNull(),
    /** Who sent it: `admin`, `session:<id>` or `system`. */
    actor: text('actor').notNull(),
    /** JSON of the answer given, returned again for a repeated id. */
    answer: text('answer').notNull(),
    /** ENGINE_VERSION of the server that applied it (server/engine/version.ts); null before it existed. */
    engine: integer('engine'),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.seq] }), uniqueIndex('commands_idempotency').on(t.tournamentId, t.commandId)],
);

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    id: text('id').notNull(),
    role: text('role', { enum: ['floor', 'stream', 'td'] }).notNull(),
    createdAt: integer('created_at').notNull(),
    expiresAt: integer('expires_at').notNull(),
    label: text('label').notNull(),
  },
  (t) => [index('sessions_expiry').on(t.expiresAt)],
);

export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
