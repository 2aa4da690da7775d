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
import { getTable } from '../seating/index.js';
import type { TournamentState } from '../state.js';
import { rulesOf } from '../presets.js';
import { playerClocksOf, streamOf, withStream } from '../stream/state.js';
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
    apply: (state, { overlay, visible }) => {
      const hidden = streamOf(state).hidden.filter((k) => k !== overlay);
      return changed(withStream(state, { hidden: visible ? hidden : [...hidden, overlay] }));
    },
  }),
  'stream.lowerThird': defineCommand({
    args: args['stream.lowerThird'],
    summary: 'Show a lower third (title, optional subtitle) until hidden, or for `seconds`.',
    apply: (state, { title, subtitle, seconds }, { now }) => {
      const n = streamOf(state).lowerThirds + 1;
      const lowerThird = { title, ...(subtitle ? { subtitle } : {}), ...(seconds ? { until: now + seconds * 1000 } : {}), n };
      return changed(withStream(state, { lowerThird, lowerThirds: n }));
    },
  }),
  'stream.hideLowerThird': defineCommand({
    args: args['stream.hideLowerThird'],
    summary: 'Hide the lower third.',
    apply: (state) => changed(withStream(state, { lowerThird: null })),
  }),
  'stream.ticker': defineCommand({
    args: args['stream.ticker'],
    summary: "Set the producer's messages in the ticker (an empty list clears them).",
    apply: (state, { messages }) => changed(withStream(state, { ticker: messages })),
  }),
  'stream.replayAlert': defineCommand({
    args: args['stream.replayAlert'],
    summary: 'Show the last alert again on the alerts overlay.',
    apply: (state, _a, { now }) => ({ state, events: [{ type: 'stream.replayAlert', at: now }] }),
  }),
  'stream.delay': defineCommand({
    args: args['stream.delay'],
    summary: "Set the secure delay: overlays show the room as it was this many seconds ago (match OBS's stream delay).",
    apply: (state, { seconds }) => changed(withStream(state, { delaySeconds: seconds })),
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
