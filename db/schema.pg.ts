/**
 * The same database as db/schema.ts, for PostgreSQL (RIFFLE_DATABASE_URL): the same tables,
 * columns, keys and indexes, so that "the same id twice has no second effect" (the unique index
 * `commands_idempotency`) and "one seq after another" (the primary key `(tournament_id, seq)`)
 * hold as they do in SQLite. Times are milliseconds since the epoch in `bigint` (read as JS
 * numbers: `mode: 'number'`), JSON is text as in SQLite (written and read as the same strings),
 * images are `bytea`. One table more: `leases`, which process owns which tournament
 * (server/host/pg/cluster.ts). test/server/pg-schema.test.ts fails when the two schemas' tables
 * or columns differ.
 */
import { pgTable, text, integer, bigint, customType, primaryKey, uniqueIndex, index } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../server/protocol/roles.js';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });
const millis = (name: string) => bigint(name, { mode: 'number' });

export const tournaments = pgTable('tournaments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: millis('created_at').notNull(),
  updatedAt: millis('updated_at').notNull(),
  seq: integer('seq').notNull(),
  origin: text('origin').notNull(),
});

export const commands = pgTable(
  'commands',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    commandId: text('command_id').notNull(),
    type: text('type').notNull(),
    args: text('args').notNull(),
    at: millis('at').notNull(),
    seed: text('seed').notNull(),
    actor: text('actor').notNull(),
    answer: text('answer').notNull(),
    engine: integer('engine'),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.seq] }), uniqueIndex('commands_idempotency').on(t.tournamentId, t.commandId)],
);

export const checkpoints = pgTable('checkpoints', {
  tournamentId: text('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  parts: integer('parts').notNull(),
  hash: text('hash'),
});

export const checkpointParts = pgTable(
  'checkpoint_parts',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    part: integer('part').notNull(),
    json: text('json').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.seq, t.part] })],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    id: text('id').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    createdAt: millis('created_at').notNull(),
    expiresAt: millis('expires_at').notNull(),
    label: text('label').notNull(),
  },
  (t) => [index('sessions_expiry').on(t.expiresAt)],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const brandings = pgTable('brandings', {
  tournamentId: text('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  colors: text('colors').notNull(),
  updatedAt: millis('updated_at').notNull(),
});

export const brandingImages = pgTable(
  'branding_images',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    slot: text('slot').notNull(),
    hash: text('hash').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.slot] })],
);

/**
 * PostgreSQL only: which process owns a tournament (its host) until when. The owner renews
 * `expires_at` well before it passes; another process takes the tournament over only once it
 * has passed (server/host/pg/cluster.ts). `epoch` grows with every new owner: a command is
 * appended only while the appender's epoch is still the row's (the fence against a paused owner
 * whose lease ran out).
 */
export const leases = pgTable('leases', {
  tournamentId: text('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  owner: text('owner').notNull(),
  epoch: integer('epoch').notNull(),
  expiresAt: millis('expires_at').notNull(),
  /** The owner's last summary of the tournament (JSON), for every host's list (server/host/summary.ts). */
  summary: text('summary'),
});

/**
 * The venue's players and their merges (issue 27), as in db/schema.ts. The player store and the
 * leagues still read and write them through the embedded SQLite database only (server/players/,
 * server/leagues/): on PostgreSQL these tables exist and migrate, but the stores are to move
 * (docs/SCALING.md "Not built yet").
 */
export const players = pgTable(
  'players',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    folded: text('folded').notNull(),
    nickname: text('nickname'),
    country: text('country'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    photo: bytea('photo'),
    photoMime: text('photo_mime'),
    photoHash: text('photo_hash'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
    erasedAt: millis('erased_at'),
  },
  (t) => [index('players_name').on(t.folded)],
);

export const playerMerges = pgTable(
  'player_merges',
  {
    fromId: text('from_id').primaryKey(),
    intoId: text('into_id').notNull(),
    at: millis('at').notNull(),
  },
  (t) => [index('player_merges_into').on(t.intoId)],
);

/** Leagues and their seasons (issue 27), as in db/schema.ts. */
export const leagues = pgTable('leagues', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  names: text('names', { enum: ['full', 'initials', 'nickname'] }).notNull(),
  createdAt: millis('created_at').notNull(),
  updatedAt: millis('updated_at').notNull(),
});

export const leagueSeasons = pgTable(
  'league_seasons',
  {
    id: text('id').primaryKey(),
    leagueId: text('league_id')
      .notNull()
      .references(() => leagues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tournaments: text('tournaments').notNull(),
    formula: text('formula').notNull(),
    bestOf: integer('best_of'),
    createdAt: millis('created_at').notNull(),
    updatedAt: millis('updated_at').notNull(),
  },
  (t) => [index('league_seasons_league').on(t.leagueId, t.createdAt)],
);
