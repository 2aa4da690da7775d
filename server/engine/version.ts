/**
 * Versions of what Riffle stores, checked when it loads them.
 *
 * - STATE_VERSION: the shape of the stored state (`TournamentState.v`). A stored state of
 *   another version is not trusted: it is rebuilt from the command log.
 * - ENGINE_VERSION: the rules the engine applies, recorded with every command. A replay applies
 *   every command with the engine of the running server, except for its random numbers: the Rng
 *   of a command draws as the engine it was recorded with did (random.ts, from engine 3 on), so
 *   seats dealt before an upgrade replay the same. Otherwise commands recorded by an older engine
 *   replay under today's rules: where a rule changed, the replay may differ from what happened,
 *   so the stored state (checked by its hash) stays the truth and a replay is only used when
 *   it is damaged. A log with commands of a newer engine than this server is never replayed:
 *   that tournament is set aside until the newer Riffle runs again.
 * Bump ENGINE_VERSION when a rule changes what an existing command does.
 */
export const STATE_VERSION = 1;
/**
 * 2: issue 13's house rules (forfeit re-entry per preset, minimum players, bust tables, penalties served by hands, AP 11).
 * 3: a seat draw chooses its tables and seats with as many random numbers as it fills (Rng.sample),
 * not a shuffle of every table; the numbers of a command recorded by engine 1 or 2 are drawn as
 * they were (seededRng takes the command's engine), so its replay deals the same seats.
 * 4: issue 23: the tournament finishes with its last bust (play commands after it are refused),
 * chip-chop pays the guarantee first, a deal below a guarantee needs `belowGuarantee`. A log of
 * engine 3 may hold a command these rules refuse: its stored state stays the truth (above).
 * 5: issue 26: IP r16-4 refuses a reduced late stack while an unsold seat is free; add-ons as many
 * as addon.max; the HR preset reads the Croatian r7/r9 (newcomers on the small blind or the button
 * sit out). New commands (hand.misdeal, entry.add afterClose) and the optional state field
 * `seating.handsTaken` (absent in older states: no hand to take back) need no migration.
 * 6: issue 25: at the end of a KO or PKO, a bounty nobody can claim (a disqualified player's, a
 * stack removed for absence, one forfeited to re-enter) goes to the players who finished in play
 * (`bounty.unclaimed`, absent in older settings: `players`), or stays with the house.
 * (Issue 27 changes no rule: `entry.add`'s optional `venuePlayerId` and `photo`, the optional
 * player fields they set, and the new `player.erase` leave every existing command as it was.)
 * 7: a satellite stops at its seats after any exit (a disqualification, a removal for absence, a
 * deal of the leftover cash), its seat winners share the seat places (no winner, no deal); a deal
 * in a satellite shares only the leftover cash; a deal that ends play places by counted chips and
 * is refused without them; the new house rules (rules.satellite*, rules.disqualifiedPrize).
 */
export const ENGINE_VERSION = 7;
