/**
 * The database: tournaments, the command log they came from, checkpoints of their state,
 * sessions and server settings. The command log is the truth; `checkpoints.state` is the
 * state after some command, with the log after it replayed at start-up.
 */
import { sqliteTable, text, integer, blob, primaryKey, uniqueIndex, index } from 'drizzle-orm/sqlite-core';
import { STAFF_ROLES } from '../server/protocol/roles.js';

export const tournaments = sqliteTable('tournaments', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
  /** Seq of the last command applied (0 for a new tournament). */
  seq: integer('seq').notNull(),
  /** JSON of the input the tournament was created from: the start of every replay. */
  origin: text('origin').notNull(),
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

/**
 * A tournament's checkpoint: the engine state after command `seq` (at most `tournaments.seq`),
 * written every CHECKPOINT_EVERY commands (server/host/store.ts). Tables of their own, so that
 * the per-command update of `tournaments.seq` rewrites a small row, not 2.3 MB of state. This
 * row says which checkpoint is the current one; its JSON is in `checkpoint_parts`.
 */
export const checkpoints = sqliteTable('checkpoints', {
  tournamentId: text('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  /** Seq of the command the state is after. */
  seq: integer('seq').notNull(),
  /** How many parts its JSON has (`checkpoint_parts` 0 to parts - 1 of this seq). */
  parts: integer('parts').notNull(),
  /**
   * SHA-256 of the JSON (the parts joined) as Riffle wrote it: a checkpoint edited or damaged
   * outside Riffle no longer matches and is rebuilt from the command log at start-up. Null in
   * rows written before it.
   */
  hash: text('hash'),
});

/**
 * The JSON of checkpoints, in parts written one at a time between commands (a 2.3 MB write in
 * one transaction held the event loop for 10-30 ms). Parts of a seq other than the current
 * checkpoint's are a checkpoint being written, or an old one being deleted.
 */
export const checkpointParts = sqliteTable(
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

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the session token; the token itself is never stored. */
    tokenHash: text('token_hash').primaryKey(),
    id: text('id').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
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

/**
 * A tournament's branding for the stream overlays (issue 24): colours as JSON
 * (`{accent?, background?, text?}`, each `#rrggbb`). Images are in `branding_images`.
 */
export const brandings = sqliteTable('brandings', {
  tournamentId: text('tournament_id')
    .primaryKey()
    .references(() => tournaments.id, { onDelete: 'cascade' }),
  colors: text('colors').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * The event's logo and the sponsor's, one row per slot: the bytes as uploaded (PNG, JPEG or
 * WebP, type sniffed from the bytes, size checked: server/routes/branding.ts), served at a URL
 * with their SHA-256 so a browser source may cache them for good.
 */
export const brandingImages = sqliteTable(
  'branding_images',
  {
    tournamentId: text('tournament_id')
      .notNull()
      .references(() => tournaments.id, { onDelete: 'cascade' }),
    /** `logo` or `sponsor`. */
    slot: text('slot').notNull(),
    /** SHA-256 of the bytes, hex, the first 32 characters. */
    hash: text('hash').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: blob('data', { mode: 'buffer' }).notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.slot] })],
);

/**
 * The venue's players (issue 27): one record a person, across every tournament of this server.
 * A tournament names a record through its player's `venuePlayerId` (server/engine/entries/model.ts).
 * Contact and notes are the TD's alone (server/routes/players.ts). An erased record keeps its id
 * and `erased_at` and nothing else of the person, so results stay, anonymous.
 */
export const players = sqliteTable(
  'players',
  {
    /** `p_` and 10 random base-32 characters (server/players/store.ts). */
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The name and nickname folded for search (lower case, no accents), kept with them. */
    folded: text('folded').notNull(),
    nickname: text('nickname'),
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country'),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    /** The photo's bytes as uploaded (PNG, JPEG or WebP, sniffed and size-checked like branding images). */
    photo: blob('photo', { mode: 'buffer' }),
    photoMime: text('photo_mime'),
    /** SHA-256 of the photo, hex, the first 32 characters: the photo URL's `?v=`, so it may be cached for good. */
    photoHash: text('photo_hash'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    /** Set when the player asked to be erased: every personal field is then null or empty. */
    erasedAt: integer('erased_at'),
  },
  (t) => [index('players_name').on(t.folded)],
);

/**
 * Duplicates merged (issue 27): `from_id` is now `into_id`. The record of `from_id` is gone; a
 * tournament that names it is read as `into_id` (server/players/merge.ts canonicalPlayerId), so
 * the two histories are one. Chains are kept one step long: a later merge of `into_id` rewrites
 * the rows that pointed at it.
 */
export const playerMerges = sqliteTable(
  'player_merges',
  {
    fromId: text('from_id').primaryKey(),
    intoId: text('into_id').notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('player_merges_into').on(t.intoId)],
);

// ─── Leagues (issue 27 items 3 and 4) ─────────────────────────────────────────────────────────
/**
 * A league: a name and what its public pages show of a player's name (`full`, `initials`,
 * `nickname`). Its seasons are in `league_seasons`. Standings are never stored: they are made
 * from the tournaments' results (server/leagues/).
 */
export const leagues = sqliteTable('leagues', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  names: text('names', { enum: ['full', 'initials', 'nickname'] }).notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * A season: the tournaments that count (JSON array of ids, in the order played), the points
 * formula (JSON, server/protocol/leagues.ts PointsFormula) and best N of them (null: all).
 */
export const leagueSeasons = sqliteTable(
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
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [index('league_seasons_league').on(t.leagueId, t.createdAt)],
);
