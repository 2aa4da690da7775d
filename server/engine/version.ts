/**
 * Versions of what Riffle stores, checked when it loads them.
 *
 * - STATE_VERSION: the shape of the stored state (`TournamentState.v`). A stored state of
 *   another version is not trusted: it is rebuilt from the command log.
 * - ENGINE_VERSION: the rules the engine applies, recorded with every command. A replay applies
 *   every command with the engine of the running server. Commands recorded by an older engine
 *   replay under today's rules: where a rule changed, the replay may differ from what happened,
 *   so the stored state (checked by its hash) stays the truth and a replay is only used when
 *   it is damaged. A log with commands of a newer engine than this server is never replayed:
 *   that tournament is set aside until the newer Riffle runs again.
 * Bump ENGINE_VERSION when a rule changes what an existing command does.
 */
export const STATE_VERSION = 1;
/** 2: issue 13's house rules (forfeit re-entry per preset, minimum players, bust tables, penalties served by hands, AP 11). */
export const ENGINE_VERSION = 2;
