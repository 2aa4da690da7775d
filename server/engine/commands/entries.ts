/**
 * Entries, chips, bust-outs, hand-for-hand, payouts, deals and penalties (issue: entries,
 * chips, bust-outs and payouts). The rules live in ../entries/ and ../money/; these are the
 * command definitions: arguments, role, and which rule function runs.
 */
import { EngineError } from '../errors.js';
import { checkColorUps } from '../money/colorup.js';
import { validatePayouts } from '../money/payouts.js';
import { bustWithEliminators, undoBustWithEliminators } from '../bounties/commands.js';
import { addPenalty, clearPenalty, colorUp, handForHand, markAbsent, removeAbsent, setChips } from '../entries/floor.js';
import { applyDeal, dealProposal, undoDeal } from '../entries/deals.js';
import { ledger, pool } from '../entries/ledger.js';
import { assertNoPrizes, buyChips, playerOfRecord, register, reenter, withEntries } from '../entries/registration.js';
import { placeAfterClose } from '../entries/after-close.js';
import { setupWarnings } from '../../protocol/rules/setup-warnings.js';
import type { TournamentSettings } from '../state.js';
import { entriesCommandArgs as args } from '../schemas/entries.js';
import { defineCommand, type CommandTable } from './types.js';

export const entriesCommands = {
  'entry.add': defineCommand({
    args: args['entry.add'],
    summary: 'Register a player by name (late registration until the end of lateRegistrationLevel), or re-enter a known player by playerId.',
    apply: (state, { name, playerId, country, afterClose, venuePlayerId, photo }, { now }) => {
      if (playerId !== undefined) return reenter(state, playerId, false, now);
      // Issue 27: a venue record already playing here comes back as a re-entry of his player.
      const known = venuePlayerId !== undefined ? playerOfRecord(ledger(state), venuePlayerId) : undefined;
      if (known) return reenter(state, known.id, false, now);
      const record = { ...(venuePlayerId ? { venuePlayerId } : {}), ...(photo ? { photo } : {}) };
      return afterClose ? placeAfterClose(state, name!, now, country, record) : register(state, name!, now, country, record);
    },
  }),
  'entry.reenter': defineCommand({
    args: args['entry.reenter'],
    summary: 'Re-enter a player (rules.reentryMax, rules.reentryUntil); `forfeit` gives up a stack still in play (TDA 2017 r7).',
    apply: (state, { playerId, forfeit }, { now }) => reenter(state, playerId, forfeit, now),
  }),
  'entry.rebuy': defineCommand({
    args: args['entry.rebuy'],
    summary: 'A rebuy for an entry in play, during the rebuy period (settings.rebuy).',
    apply: (state, { entryId }) => buyChips(state, entryId, 'rebuy'),
  }),
  'entry.addon': defineCommand({
    args: args['entry.addon'],
    summary: 'The add-on for an entry in play, during the add-on period (settings.addon).',
    apply: (state, { entryId }) => buyChips(state, entryId, 'addon'),
  }),
  'entry.bust': defineCommand({
    args: args['entry.bust'],
    summary: "One hand's eliminations; places and prizes follow IP r47-5, MEC r7 and TDA 2024 AP 8.",
    apply: (state, input, ctx) => bustWithEliminators(state, input, ctx),
  }),
  'entry.undoBust': defineCommand({
    args: args['entry.undoBust'],
    summary: 'Put a player of the latest bust hand back in play.',
    apply: (state, { entryId }, ctx) => undoBustWithEliminators(state, entryId, ctx),
  }),
  'chips.set': defineCommand({
    args: args['chips.set'],
    summary: "Record an entry's chip count.",
    apply: (state, { entryId, chips }, { now }) => setChips(state, entryId, chips, now),
  }),
  'chips.colorUp': defineCommand({
    args: args['chips.colorUp'],
    summary: 'Colour up a denomination; leftovers are exchanged at equal value, the rest leaves play (TDA 2017 r24).',
    apply: (state, { denomination, leftovers }, { now }) => colorUp(state, denomination, leftovers, now),
  }),
  'handForHand.start': defineCommand({
    args: args['handForHand.start'],
    summary: 'Announce hand-for-hand; payout rights start with the current hand (TDA 2024 AP 8).',
    apply: (state, _a, { now }) => handForHand(state, 'start', now),
  }),
  'handForHand.nextHand': defineCommand({
    args: args['handForHand.nextHand'],
    summary: 'Start the next hand-for-hand hand; takes rules.handForHandMinutesPerHand off the clock (TDA 2024 AP 8).',
    apply: (state, _a, { now }) => handForHand(state, 'next', now),
  }),
  'handForHand.stop': defineCommand({
    args: args['handForHand.stop'],
    summary: 'End hand-for-hand (it also ends by itself with the hand that bursts the money bubble).',
    apply: (state, _a, { now }) => handForHand(state, 'stop', now),
  }),
  'payouts.set': defineCommand({
    args: args['payouts.set'],
    summary: 'Set the payout per place (must add up to the prize pool), or null for the template default.',
    apply: (state, { amounts }) => {
      const e = ledger(state);
      if (e.payouts.locked) throw new EngineError('prizes-awarded', 'Prizes have already been awarded; the payouts can no longer change.');
      if (amounts !== null) validatePayouts(amounts, pool(state).pool);
      return { state: withEntries(state, { ...e, payouts: { ...e.payouts, custom: amounts } }), events: [] };
    },
  }),
  'deal.propose': defineCommand({
    args: args['deal.propose'],
    summary: "ICM and chip-chop (the guarantee first) for every player in play, from his last count or the chips typed; changes nothing.",
    apply: (state, { reserve, chips }, ctx) => dealProposal(state, reserve, chips ?? {}, ctx),
  }),
  'deal.apply': defineCommand({
    args: args['deal.apply'],
    summary: 'Record a deal agreed by every remaining player and approved by the TD (IP r8).',
    apply: (state, { amounts, reserve, belowGuarantee, endsPlay, places }, { now }) => applyDeal(state, amounts, reserve, belowGuarantee === true, endsPlay === true, now, places),
  }),
  'deal.undo': defineCommand({
    args: args['deal.undo'],
    summary: 'Take the deal back while nobody has finished since it; the ladder pays again.',
    apply: (state, _a, { now }) => undoDeal(state, now),
  }),
  'penalty.add': defineCommand({
    args: args['penalty.add'],
    // A disqualification removes the player and his chips: the TD's decision.
    summary: 'Give a penalty: warning, missed hands, missed rounds (TDA 2017 r71), time-out (IP r9) or disqualification (TD).',
    apply: (state, input, { now }) => addPenalty(state, input, now),
  }),
  'entry.absent': defineCommand({
    args: args['entry.absent'],
    summary: 'Mark a player absent from now, or back at the table (ONK MEC r4).',
    apply: (state, { entryId, absent }, { now }) => markAbsent(state, entryId, absent, now),
  }),
  'entry.removeAbsent': defineCommand({
    args: args['entry.removeAbsent'],
    summary: "Remove the stack of a player absent rules.absentRemovalMinutes (ONK MEC r4: 30); he finishes at the place he holds.",
    apply: (state, { entryId }, { now }) => removeAbsent(state, entryId, now),
  }),
  'penalty.clear': defineCommand({
    args: args['penalty.clear'],
    summary: 'Mark a penalty served or withdrawn.',
    apply: (state, { penaltyId }) => clearPenalty(state, penaltyId),
  }),
  'settings.set': defineCommand({
    args: args['settings.set'],
    summary: 'Change late registration, chip set, guarantee, payout rounding, rebuy/add-on periods or entry rules.',
    apply: (state, input) => {
      const e = ledger(state);
      const { rules, ...rest } = input;
      const settings: TournamentSettings = { ...state.settings, rules: { ...state.settings.rules, ...rules } };
      for (const [key, value] of Object.entries(rest)) if (value !== undefined) (settings as unknown as Record<string, unknown>)[key] = value;
      for (const kind of ['rebuy', 'addon'] as const) {
        const p = settings[kind];
        if (p && (p.untilIndex < p.fromIndex || p.untilIndex >= state.structure.length)) {
          throw new EngineError('invalid-settings', `The ${kind} period must run from one structure item to a later one (0 to ${state.structure.length - 1}).`, 'invalid');
        }
      }
      const next = { ...state, settings };
      const poolChanged = pool(next).pool !== pool(state).pool;
      if (poolChanged) assertNoPrizes(e, 'Changing the guarantee');
      const chipSetProblems = settings.chipSet?.length ? checkColorUps(state.structure, settings.chipSet).map((p) => p.message) : [];
      return {
        state: poolChanged ? withEntries(next, { ...e, payouts: { ...e.payouts, custom: null } }) : next,
        events: [],
        result: { chipSetProblems, warnings: setupWarnings(state.settings.preset, settings) },
      };
    },
  }),
} satisfies CommandTable;
