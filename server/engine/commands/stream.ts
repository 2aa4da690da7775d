/**
 * The producer's commands (featured table, overlays on and off air, lower third, ticker, delay,
 * replay the last alert), the chip count of a whole table, players' countries, and the player
 * clock. The producer (`stream` role) may send the `stream.*` commands and chip counts and
 * nothing else; the TD may send everything.
 */
import { EngineError } from '../errors.js';
import { setChips } from '../entries/floor.js';
import { withEntries } from '../entries/registration.js';
import { withPlayer } from '../entries/players.js';
import { ledger } from '../entries/ledger.js';
import type { Player } from '../entries/model.js';
import { erasedPlayer } from '../entries/erase.js';
import { getTable } from '../seating/index.js';
import type { TournamentState } from '../state.js';
import { STREAM_LIMITS, type LowerThirdDraft } from '../../protocol/stream.js';
import { rulesOf } from '../presets.js';
import { changedNow, playerClocksOf, streamOf, withStream } from '../stream/state.js';
import { loadRoom, seatingOf } from '../tables/state.js';
import { streamCommandArgs as args } from '../schemas/stream.js';
import { defineCommand, type CommandTable, type Outcome } from './types.js';

function changed(next: TournamentState): Outcome {
  return { state: next, events: [] };
}

function requireTable(state: TournamentState, tableId: string) {
  const table = getTable(loadRoom(seatingOf(state)), tableId);
  if (!table) throw new EngineError('unknown-table', `There is no open table "${tableId.slice(0, 40)}".`, 'invalid');
  return table;
}

/** Puts `draft` on air at `now` (numbered, so the same text pushed again animates in again). */
function onAir(state: TournamentState, { title, subtitle, seconds }: LowerThirdDraft, now: number): TournamentState {
  const n = streamOf(state).lowerThirds + 1;
  const lowerThird = { title, ...(subtitle ? { subtitle } : {}), ...(seconds ? { until: now + seconds * 1000 } : {}), n };
  return withStream(state, { lowerThird, lowerThirds: n, ...changedNow(state, 'lower-third', now) });
}

export const streamCommands = {
  'stream.feature': defineCommand({
    args: args['stream.feature'],
    summary: 'Feature a table on the stream (its player plates and chip-count sheet), or none.',
    apply: (state, { tableId }) => {
      if (tableId !== null) requireTable(state, tableId);
      return changed(withStream(state, { featuredTableId: tableId }));
    },
  }),
  'stream.show': defineCommand({
    args: args['stream.show'],
    summary: 'Put an overlay on air or take it off (it animates in or out; OBS needs no reload).',
    apply: (state, { overlay, visible }, { now }) => {
      const hidden = streamOf(state).hidden.filter((k) => k !== overlay);
      return changed(withStream(state, { hidden: visible ? hidden : [...hidden, overlay], ...changedNow(state, overlay, now) }));
    },
  }),
  'stream.lowerThird': defineCommand({
    args: args['stream.lowerThird'],
    summary: 'Show a lower third (title, optional subtitle) until hidden, or for `seconds`.',
    apply: (state, draft, { now }) => changed(onAir(state, draft, now)),
  }),
  'stream.cue': defineCommand({
    args: args['stream.cue'],
    summary: 'Prepare a lower third without airing it (null clears the cue); `stream.take` airs it.',
    apply: (state, { lowerThird }) => changed(withStream(state, { cued: lowerThird })),
  }),
  'stream.take': defineCommand({
    args: args['stream.take'],
    summary: 'Air the cued lower third in one tap and clear the cue.',
    apply: (state, _a, { now }) => {
      const cued = streamOf(state).cued;
      if (!cued) throw new EngineError('nothing-cued', 'No lower third is cued: cue one first.');
      return changed(withStream(onAir(state, cued, now), { cued: null }));
    },
  }),
  'stream.library.save': defineCommand({
    args: args['stream.library.save'],
    summary: "Save a lower third (a player's bio) in the tournament's library, or replace the one with `lowerThirdId`.",
    apply: (state, { lowerThirdId: id, title, subtitle }) => {
      const s = streamOf(state);
      const library = s.library ?? [];
      if (id !== undefined) {
        if (!library.some((l) => l.id === id)) throw new EngineError('unknown-lower-third', `There is no saved lower third "${id.slice(0, 40)}".`, 'invalid');
        return changed(withStream(state, { library: library.map((l) => (l.id === id ? { id, title, ...(subtitle ? { subtitle } : {}) } : l)) }));
      }
      if (library.length >= STREAM_LIMITS.libraryMax) {
        throw new EngineError('library-full', `The library holds at most ${STREAM_LIMITS.libraryMax} lower thirds: remove one first.`, 'invalid');
      }
      const saved = (s.librarySaved ?? 0) + 1;
      return changed(withStream(state, { library: [...library, { id: `lt${saved}`, title, ...(subtitle ? { subtitle } : {}) }], librarySaved: saved }));
    },
  }),
  'stream.library.remove': defineCommand({
    args: args['stream.library.remove'],
    summary: 'Remove a saved lower third from the library.',
    apply: (state, { lowerThirdId: id }) => {
      const library = streamOf(state).library ?? [];
      if (!library.some((l) => l.id === id)) throw new EngineError('unknown-lower-third', `There is no saved lower third "${id.slice(0, 40)}".`, 'invalid');
      return changed(withStream(state, { library: library.filter((l) => l.id !== id) }));
    },
  }),
  'stream.hideLowerThird': defineCommand({
    args: args['stream.hideLowerThird'],
    summary: 'Hide the lower third.',
    apply: (state, _a, { now }) => changed(withStream(state, { lowerThird: null, ...changedNow(state, 'lower-third', now) })),
  }),
  'stream.ticker': defineCommand({
    args: args['stream.ticker'],
    summary: "Set the producer's messages in the ticker (an empty list clears them).",
    apply: (state, { messages }, { now }) => changed(withStream(state, { ticker: messages, ...changedNow(state, 'ticker', now) })),
  }),
  'stream.replayAlert': defineCommand({
    args: args['stream.replayAlert'],
    summary: 'Show the last alert again on the alerts overlay.',
    apply: (state, _a, { now }) => ({ state, events: [{ type: 'stream.replayAlert', at: now }] }),
  }),
  'stream.delay': defineCommand({
    args: args['stream.delay'],
    summary: "Set the secure delay: overlays show the room as it was this many seconds ago (match OBS's stream delay).",
    apply: (state, { seconds, confirmed }) => {
      if (seconds === 0 && streamOf(state).delaySeconds > 0 && !confirmed) {
        throw new EngineError('confirm-delay', `The stream runs ${streamOf(state).delaySeconds} s behind: taking the delay to 0 airs the room live. Send it again with confirmed: true.`);
      }
      return changed(withStream(state, { delaySeconds: seconds }));
    },
  }),
  'obs.rules.set': defineCommand({
    args: args['obs.rules.set'],
    summary: 'Set the OBS automation rules: which scene, source, text or media each tournament event drives (docs/OBS.md).',
    apply: (state, { rules }) => changed(withStream(state, { obsRules: rules })),
  }),
  'chips.count': defineCommand({
    args: args['chips.count'],
    summary: 'Record the chip counts of several players at once (a whole table): one change.',
    apply: (state, { counts }, { now }) => {
      let next = state;
      for (const { entryId, chips } of counts) next = setChips(next, entryId, chips, now).state;
      return { state: next, events: [] };
    },
  }),
  'player.country': defineCommand({
    args: args['player.country'],
    summary: "Set (or clear, null) a player's country, shown as a flag on the stream.",
    apply: (state, { playerId, country }) => {
      const e = ledger(state);
      const player = e.players.get(playerId);
      if (!player) throw new EngineError('unknown-player', `There is no player "${playerId.slice(0, 40)}".`, 'invalid');
      const { country: _old, ...rest } = player;
      const updated = country === null ? rest : { ...rest, country };
      return { state: withEntries(state, { ...e, players: withPlayer(e.players, updated) }), events: [] };
    },
  }),
  'player.onAirName': defineCommand({
    args: args['player.onAirName'],
    summary: "Set (or clear, null: first initial and surname) the short name the stream uses when a player's full name does not fit.",
    apply: (state, { playerId, onAirName }) => {
      const e = ledger(state);
      const player = e.players.get(playerId);
      if (!player) throw new EngineError('unknown-player', `There is no player "${playerId.slice(0, 40)}".`, 'invalid');
      const { onAirName: _old, ...rest } = player;
      const updated = onAirName === null ? rest : { ...rest, onAirName };
      return { state: withEntries(state, { ...e, players: withPlayer(e.players, updated) }), events: [] };
    },
  }),
  'player.erase': defineCommand({
    args: args['player.erase'],
    summary: 'Issue 27: a player erased on request: the name becomes "Erased player", country and photo go; entries, places and prizes stay.',
    apply: (state, { playerId }) => {
      const e = ledger(state);
      const player = e.players.get(playerId);
      if (!player) throw new EngineError('unknown-player', `There is no player "${playerId.slice(0, 40)}".`, 'invalid');
      return { state: withEntries(state, { ...e, players: withPlayer(e.players, erasedPlayer(player)) }), events: [] };
    },
  }),
  'playerClock.start': defineCommand({
    args: args['playerClock.start'],
    summary: "Put the player in `seat` on the clock (the preset's allowance; RULES.md \"Player clock\").",
    apply: (state, { tableId, seat }, { now }) => {
      const table = requireTable(state, tableId);
      if (seat > table.seats.length) throw new EngineError('seat-not-found', `Table ${table.number} has seats 1-${table.seats.length}; there is no seat ${seat}.`, 'invalid');
      const entryId = table.seats[seat - 1] ?? null;
      if (!entryId) throw new EngineError('empty-seat', `Nobody sits in seat ${seat} of table ${table.number}.`);
      // The preset's allowance: `totalSeconds` in all, of which the last `countdownSeconds` are
      // counted down aloud (PPN r29: 30 s, the last 5 counted down).
      const { totalSeconds, countdownSeconds } = rulesOf(state.settings).playerClock;
      const clock = { seat, entryId, startedAt: now, endsAt: now + totalSeconds * 1000, countdownMs: countdownSeconds * 1000 };
      const name = ledger(state).players.get(ledger(state).entries.find((x) => x.id === entryId)?.playerId ?? '')?.name ?? null;
      return {
        state: { ...state, playerClocks: { ...playerClocksOf(state), [tableId]: clock } },
        events: [{ type: 'playerClock.started', tableId, table: table.number, seat, name, endsAt: clock.endsAt, at: now }],
      };
    },
  }),
  'playerClock.stop': defineCommand({
    args: args['playerClock.stop'],
    summary: 'Stop the player clock at a table (the player acted, or the floor ruled).',
    apply: (state, { tableId }, { now }) => {
      const clocks = playerClocksOf(state);
      if (!clocks[tableId]) throw new EngineError('no-player-clock', 'No player is on the clock at that table.');
      const { [tableId]: _stopped, ...rest } = clocks;
      const table = getTable(loadRoom(seatingOf(state)), tableId);
      return { state: { ...state, playerClocks: rest }, events: [{ type: 'playerClock.stopped', tableId, table: table?.number ?? 0, at: now }] };
    },
  }),
} satisfies CommandTable;
