/**
 * The venue's player records (issue 27; docs/API.md "Players"): what the phone reads and sends
 * at `/api/players`. A record is the venue's, across tournaments; a tournament's player names
 * one through `venuePlayerId` (entry.add). Contact details and notes are in `PlayerRecord` only,
 * which the TD alone reads; the floor and the search get `PlayerCard`.
 */

/** `p_` and 10 base-32 characters: never a tournament's own `p<n>`. */
export const VENUE_PLAYER_ID = /^p_[a-z2-7]{10}$/;

/** A same-origin photo path of a record, with its hash (cached for good). */
export const PLAYER_PHOTO_PATH = /^\/api\/players\/p_[a-z2-7]{10}\/photo\?v=[0-9a-f]{32}$/;

/** The name that stands for an erased player in every result (the results CSV, the views). */
export const ERASED_NAME = 'Erased player';

/** Search: letters a query needs and may have; matches an answer carries. */
export const PLAYER_QUERY_MIN = 2;
export const PLAYER_QUERY_MAX = 40;
/** Words a query may have ("jan van den berg" is four): each more is a pass over the venue's words. */
export const PLAYER_QUERY_WORDS_MAX = 5;
export const PLAYER_MATCHES_MAX = 12;

/** A nickname and the TD's notes: at most these many characters. */
export const NICKNAME_MAX = 40;
export const NOTES_MAX = 1000;
export const CONTACT_MAX = 120;

/** A photo's limits: a plate shows it at 160 px; a phone's camera picture is made smaller first. */
export const PHOTO_MAX_BYTES = 512 * 1024;
export const PHOTO_MAX_PIXELS = { width: 2048, height: 2048 } as const;
/** Pixels in all (2 million: 1600×1200 fits): every screen showing it decodes it at 4 bytes a pixel. */
export const PHOTO_MAX_AREA = 2 * 1024 * 1024;

/** A CSV import: at most this many bytes and rows (a venue of 20,000 players imports in parts). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 5000;
/** The columns of the import and of the export (docs/API.md "Players"); `name` is required. */
export const PLAYER_CSV_COLUMNS = ['id', 'name', 'nickname', 'country', 'email', 'phone', 'notes'] as const;
export type PlayerCsvColumn = (typeof PLAYER_CSV_COLUMNS)[number];

/** What the floor and the search see of a player: no contact, no notes. */
export interface PlayerCard {
  id: string;
  name: string;
  nickname?: string;
  country?: string;
  /** Same-origin URL of the photo (PLAYER_PHOTO_PATH), when he has one. */
  photo?: string;
}

/** The TD's view of a record. */
export interface PlayerRecord extends PlayerCard {
  email?: string;
  phone?: string;
  notes?: string;
  createdAt: number;
  updatedAt: number;
}

/** What a record's editor sends (`POST /api/players`, `PATCH /api/players/:id`); null clears a field. */
export interface PlayerInput {
  name?: string;
  nickname?: string | null;
  country?: string | null;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
}

/** One finished or running tournament of a player (`GET /api/players/:id`). */
export interface PlayerResult {
  tournamentId: string;
  tournament: string;
  /** The tournament's currency, for `prize`. */
  currency: string;
  /** His best place there (the place of his last entry), when he has one. */
  place?: number;
  prize: number;
  entries: number;
}

export interface PlayerSearchAnswer {
  ok: true;
  matches: PlayerCard[];
  /** More matched than PLAYER_MATCHES_MAX: type more letters. */
  more: boolean;
  /**
   * The search's work budget ran out before it had looked at every candidate: the matches are
   * the best it found, not surely the best of all (type more letters). Also while the index is
   * still being built at start-up. Absent when false.
   */
  partial?: true;
}

/** A bad row of an import: its 1-based line in the file, and why. */
export interface ImportProblem {
  line: number;
  message: string;
}

/**
 * What an import of a file would do, line by line (`POST /api/players/import?preview=1`), and
 * nothing changed: the phone shows it before the TD imports. A file with any refused line
 * imports nothing (all or nothing), so `refused` empty is the import's go-ahead.
 */
export interface ImportPreview {
  ok: true;
  preview: true;
  /** Lines that make a new record. */
  add: { line: number; name: string }[];
  /** Lines that change a record of this server (by its id), with his name after the change. */
  update: { line: number; id: string; name: string }[];
  /** Lines refused (at most 100), with the column at fault when one is. */
  refused: (ImportProblem & { column?: PlayerCsvColumn })[];
}
