/**
 * Finishing places and prizes for the players who bust in one hand.
 *
 * Rules (RULES.md "Hand-for-hand, bubble, places"):
 * - IP r47-5 / r48-4: players eliminated in the same hand at DIFFERENT tables share the
 *   finishing place and split the place money equally; at the SAME table the player with the
 *   fewest chips is considered eliminated first.
 * - MEC r7 (ONK): "indien meerdere spelers aan dezelfde tafel uitgeschakeld worden dan wordt
 *   plaatsing bepaald aan de hand van de stackgrootte voor aanvang van de hand" - at one table
 *   the stacks at the START of the hand decide. Example 2: "50 spelers met 49 betaalde plaatsen
 *   en 3 spelers vallen uit waarvan 2 aan dezelfde tafel en 1 op een andere tafel. Deze 3
 *   spelers delen de som van plaats 48 en 49."
 * - TDA 2024 AP 8: payout rights begin at the announcement "finish the current hand, we go
 *   hand-for-hand"; 50 paid, 52 left, 3 bust in that hand -> the 3 share the 50th-place money.
 *
 * How MEC r7 example 2 is read: the three busts hold places 48, 49 and 50 (50th pays nothing),
 * and all THREE share 48th + 49th equally, although two of them sat at the same table. So the
 * chip order at one table does not split a group once a player at another table busted in the
 * same hand: the cross-table bust is simultaneous with each of the two, and "shares with" is
 * taken transitively, which with two or more tables always joins every bust of the hand into
 * one shared group. The chip order (fewer chips = lower place, equal chips share) decides only
 * when every bust of the hand sat at one table. The other reading (rank each table's busts and
 * let equal ranks share: the bigger stack at the first table shares 48-49 with the other
 * table's bust, the smaller stack finishes 50th alone) contradicts the example, so it is not
 * used.
 */
import { EngineError } from './rule-error.js';
import { assertAmount, splitExactly, sumAmounts } from './amounts.js';

export { splitExactly } from './amounts.js';

export interface HandBust {
  entryId: string;
  tableId: string;
  /** The player's stack when the hand began (MEC r7: "stackgrootte voor aanvang van de hand"). */
  chipsAtStartOfHand: number;
}

export interface HandBustsInput {
  /** Players still in the tournament when the hand began (busts of this hand included). */
  playersLeft: number;
  busts: readonly HandBust[];
  /** Payout per place, index 0 = 1st; places past the end pay nothing. */
  payouts: readonly number[];
  /**
   * True when this hand was played hand-for-hand, or is the hand during which hand-for-hand
   * was announced (AP 8: payout rights begin at the announcement). Only then are the tables'
   * hands in step, so busts at different tables can be simultaneous across the money bubble.
   */
  handForHand: boolean;
}

export interface Finish {
  entryId: string;
  /** Best place of the range the player holds or shares (48 for a shared 48-50). */
  place: number;
  /** Worst place of that range; equal to `place` when nobody shares it. */
  placeTo: number;
  /** The player's prize in cents. */
  prize: number;
}

/** The money for places `from`..`to` (1-based, inclusive); places past the payouts pay 0. */
export function prizeForPlaces(payouts: readonly number[], from: number, to: number): number {
  return sumAmounts(payouts.slice(from - 1, to));
}

/**
 * Places and prizes for the busts of one hand, best place first.
 *
 * With k busts among `playersLeft` players the busts hold places playersLeft-k+1 ..
 * playersLeft. Busts at two or more tables share all those places (IP r47-5, r48-4, MEC r7;
 * see the file comment). Busts at one table are ranked by chips at the start of the hand, more
 * chips = better place; equal stacks share the places they cover.
 *
 * A shared group splits the sum of its places' payouts exactly: each gets the floor and the
 * odd cents go one each to the sharers who started the hand with more chips (then by entryId,
 * so the answer does not depend on input order). No cent is lost or invented: the prizes of a
 * hand always add up to the payouts of the places the hand's busts hold.
 *
 * Throws `invalid-busts` for bad input, and `hand-for-hand-required` when busts at different
 * tables would share paid and unpaid places in a hand that was not hand-for-hand: the tables
 * were not in step, so the floor must say who went out first (enter them as separate hands).
 */
export function placesForHand(input: HandBustsInput): Finish[] {
  const { playersLeft, busts, payouts, handForHand } = input;
  validateInput(input);
  const k = busts.length;
  const best = playersLeft - k + 1;
  const paidPlaces = payouts.length;
  const tables = new Set(busts.map((b) => b.tableId));
  const ranked = busts.slice().sort((a, b) => b.chipsAtStartOfHand - a.chipsAtStartOfHand || compareIds(a.entryId, b.entryId));

  let groups: HandBust[][];
  if (tables.size > 1) {
    // AP 8 A: without the announcement there is no shared bubble place.
    if (!handForHand && best <= paidPlaces && playersLeft > paidPlaces) {
      throw new EngineError(
        'hand-for-hand-required',
        'Players at different tables went out across the money bubble, but the hand was not played hand-for-hand. Enter the busts one at a time in the order the floor decided.',
        'conflict',
      );
    }
    groups = [ranked];
  } else {
    groups = [];
    for (const bust of ranked) {
      const last = groups.at(-1);
      if (last && last[0]!.chipsAtStartOfHand === bust.chipsAtStartOfHand) last.push(bust);
      else groups.push([bust]);
    }
  }

  const finishes: Finish[] = [];
  let place = best;
  for (const group of groups) {
    const placeTo = place + group.length - 1;
    const shares = splitExactly(prizeForPlaces(payouts, place, placeTo), group.length);
    group.forEach((bust, i) => finishes.push({ entryId: bust.entryId, place, placeTo, prize: shares[i]! }));
    place = placeTo + 1;
  }
  return finishes;
}

function compareIds(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function validateInput({ playersLeft, busts, payouts }: HandBustsInput): void {
  const fail = (message: string): never => {
    throw new EngineError('invalid-busts', message, 'invalid');
  };
  if (!Number.isSafeInteger(playersLeft) || playersLeft < 2) fail('At least two players must be left before the hand.');
  if (busts.length === 0) fail('No busts to place.');
  if (busts.length >= playersLeft) fail(`${busts.length} busts among ${playersLeft} players would leave nobody to win the hand.`);
  const seen = new Set<string>();
  for (const b of busts) {
    if (seen.has(b.entryId)) fail(`Entry ${b.entryId} is listed twice.`);
    seen.add(b.entryId);
    if (!Number.isSafeInteger(b.chipsAtStartOfHand) || b.chipsAtStartOfHand < 1) {
      fail(`Entry ${b.entryId}: chips at the start of the hand must be a whole number above 0.`);
    }
  }
  payouts.forEach((p, i) => assertAmount(p, `The payout for place ${i + 1}`));
}
