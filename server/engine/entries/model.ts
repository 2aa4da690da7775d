/**
 * Players and their entries: the model shared by entries/chips/payouts and by seating.
 * A player is a person; an entry is one buy-in (TDA 2017 r7: a re-entry is a new entry with a
 * full stack and a new seat draw). Seating refers to entries by `Entry.id`.
 *
 * Owned by the entries domain (issue: entries, chips, bust-outs and payouts); seating only
 * reads it, through `activeEntryIds` and `Entry.status`.
 */
import type { HandBust } from '../money/places.js';
import type { PenaltyKind } from '../../protocol/entries-commands.js';
import { PlayerBook } from './players.js';

/** `active`: in play (seated or to be seated). `busted`: out of play, for the reason in `out`. */
export type EntryStatus = 'active' | 'busted';

/**
 * Why an entry left play: busted in a hand, forfeited its stack to re-enter (TDA 2017 r7; the
 * chips leave play; no place), or disqualified (TDA 2017 r71; the chips leave play; he finishes
 * at the place he holds, as for a stack removed for absence, MEC r4), or his stack removed for
 * absence (`absent`, ONK MEC r4: "De speler eindigt op de positie waarop hij zich bevindt op het
 * moment dat hij wordt uitgeschakeld").
 */
export type OutReason = 'bust' | 'forfeit' | 'disqualified' | 'absent';

export interface Player {
  id: string;
  name: string;
  /** ISO 3166-1 alpha-2, shown as a flag on the stream. */
  country?: string;
  /**
   * The venue's record of this person (issue 27, `p_…`: server/players/), when he was registered
   * from it: what a league and his history join on. Carried by the command, so a replay is pure.
   */
  venuePlayerId?: string;
  /** Same-origin URL of his photo at registration (protocol/players.ts PLAYER_PHOTO_PATH), for the stream's plates. */
  photo?: string;
  /** The short name the stream falls back to (`player.onAirName`); absent: the rule's (protocol/on-air-name.ts). */
  onAirName?: string;
  /** He asked to be erased (`player.erase`): `name` is ERASED_NAME, country and photo are gone. */
  erased?: true;
}

export interface Entry {
  /** `e1`, `e2`, … in registration order; never reused. */
  id: string;
  playerId: string;
  status: EntryStatus;
  /** The player's entry number: 1 = first entry, 2 = first re-entry, … */
  n: number;
  /** Server time of registration. */
  at: number;
  /** Chips given at registration (after an IP r16 deduction, if any). */
  stack: number;
  /** Last known chip count: the stack, rebuys and add-ons, or what the floor entered. */
  chips: number;
  rebuys: number;
  addons: number;
  out?: OutReason;
  outAt?: number;
  /** Finishing place (best of a shared range) and the worst place of the range, as given when it left. */
  place?: number;
  placeTo?: number;
  /**
   * Entries of the tournament when it left with its place: every entry that came in after it
   * (a re-entry, a late registration) finishes above it, so its place at the end is `place`
   * moved down by the entries since (finishingPlace). Kept, not applied to every bust at every
   * registration, so a late entry costs the same whatever the busts before it.
   */
  entriesAtOut?: number;
  /** Prize in cents. */
  prize?: number;
  /**
   * A disqualified player's prize that the house keeps (rules.disqualifiedPrize `house`): his
   * place's money, not paid to anyone (the money check: pool = prizes + still to pay + this).
   */
  forfeited?: number;
  /** A disqualification or absence removal: bust hands recorded before it (an undo may not reach past it). */
  afterHand?: number;
  /** Came in from the alternate list (IP r15); `stack` then follows rules.alternateStack. */
  alternate?: true;
  /** Day 2: the flight tournament this entry survived (day2.import); the stack is his bag count. */
  fromFlight?: string;
  /** Took an unsold seat with its blinded-off stack (IP r16-3). */
  unsoldSeat?: { tableId: string; seat: number };
  /** Server time the floor marked the player absent (MEC r4); cleared when he returns. */
  absentSince?: number;
  /** A satellite: his player already holds a seat to the target event (`satellite.seatHeld`). */
  seatHeld?: true;
  /** Server time of his last chip count (`chips.set`, `chips.count`); absent: never counted, `chips` is what he was given. */
  countedAt?: number;
}

/** A deal (IP r8): who gets what, what is played for, and what its undo puts back. */
export interface Deal {
  amounts: Record<string, number>;
  reserve: number;
  at: number;
  /** Entries paid less than their guarantee, confirmed by the TD (`belowGuarantee: true`). */
  belowGuarantee?: string[];
  /** Bust hands recorded when it was made: its undo is refused once a hand came after it. */
  hands: number;
  /** It locked the payouts (none were awarded before): its undo unlocks them. */
  locked?: true;
  /** It ended play: its players hold places by chips (end.ts finishes the tournament); its undo takes them back. */
  endsPlay?: true;
  /**
   * A satellite's deal of the leftover cash (bounties/satellite-deal.ts): the ladder in force
   * before it, put back by its undo (the deal rewrote the places below the seats, or made the
   * seat places exactly a seat each).
   */
  ladderBefore?: number[] | null;
}

/**
 * A satellite's end at its seats (bounties/satellite.ts): the players in play when they were as
 * many as the seats still to win each won one, sharing the seat places equally.
 */
export interface SeatsWon {
  at: number;
  /** Bust hands recorded when play stopped: the undo of the latest one takes the seats back. */
  hands: number;
  /** The seat winners, biggest counted stack first. */
  entries: string[];
  /** It locked the payouts (none were awarded before). */
  locked?: true;
  /**
   * rules.satelliteSeatHeld `pass-down`: seat winners who held a seat already, each with the entry
   * his seat passed to and the prize that entry had before (put back by the undo).
   */
  passed?: { from: string; to: string; prize: number }[];
}

/** A player waiting on the alternate list (IP r15-1: first come, first served). */
export interface Alternate {
  /** `a1`, `a2`, … in the order they joined; never reused. */
  id: string;
  name: string;
  country?: string;
  /** A known player (a re-entry waiting for a seat), if any. */
  playerId?: string;
  at: number;
}

/**
 * An unsold seat (IP r35-1, r16-3): a starting stack placed at an empty seat at the start, blinded
 * as an absent player's. `chips` is the floor's last count of it.
 */
export interface UnsoldSeat {
  tableId: string;
  table: number;
  seat: number;
  chips: number;
  at: number;
}

/** One hand's eliminations as recorded, so an undo can put them back exactly. */
export interface BustHand {
  /** 1-based, in the order recorded. */
  n: number;
  at: number;
  /** Entries in play when the hand began, this hand's busts included. */
  playersLeft: number;
  /** Played hand-for-hand or the hand of the announcement (TDA 2024 AP 8). */
  handForHand: boolean;
  busts: HandBust[];
  /** Each bust's last known chips before the hand was recorded, restored by an undo. */
  chipsBefore: Record<string, number>;
  /** The entry that won the tournament with this hand, if it left one entry in play. */
  winner?: string;
  /**
   * The hand-for-hand hand number this hand was on when its busts burst the money bubble and so
   * ended hand-for-hand (busts.ts); an undo of this hand puts hand-for-hand back on at it.
   */
  endedHandForHand?: number;
}

export type RemovalReason = 'late-stack' | 'forfeit' | 'disqualification' | 'color-up' | 'unsold-seat' | 'absent';

/** Chips taken out of play for good. */
export interface ChipRemoval {
  at: number;
  chips: number;
  reason: RemovalReason;
  entryId?: string;
}

export interface Penalty {
  /** `p1`, `p2`, … */
  id: string;
  entryId: string;
  kind: PenaltyKind;
  at: number;
  /** Hands to miss (missed hands, or missed rounds x players at the table, TDA 2017 r71). */
  hands?: number;
  /** Hands missed so far: counted by the hands dealt at the player's table (entries/penalty-hands.ts). */
  served?: number;
  /** Time-outs (IP r9): server time the time-out ends. */
  until?: number;
  minutes?: number;
  note?: string;
  /** Cleared by the floor (served or withdrawn). */
  cleared?: boolean;
}

export interface EntriesState {
  /** By player id (a persistent map: entries/players.ts; stored as a plain record). */
  players: PlayerBook;
  /** In registration order. */
  entries: Entry[];
  /** Chips handed out: full starting stacks, rebuys and add-ons. */
  chipsIssued: number;
  removals: ChipRemoval[];
  /** Prize-pool money of rebuys and add-ons, in cents (the price when each was bought). */
  rebuyMoney: number;
  addonMoney: number;
  hands: BustHand[];
  handForHand: { active: boolean; hand: number };
  /** Payouts the TD set (null: template default); `locked` once a prize was awarded. */
  payouts: { custom: number[] | null; locked: number[] | null };
  deal: Deal | null;
  /** A satellite that stopped at its seats; absent until then (and in states stored before). */
  seatsWon?: SeatsWon;
  penalties: Penalty[];
  /** Denominations coloured up, in order. */
  colorUps: number[];
  /** The alternate list, first in line first (IP r15-1); absent until the first alternate. */
  alternates?: Alternate[];
  /** Alternates added so far (numbers their ids). */
  alternateCount?: number;
  /** Day 2: the flights' entries and prize-pool money (cents) carried in by day2.import. */
  carried?: { entries: number; money: number };
  /** Unsold seats with their stacks (IP r16-3, r35); absent until the TD places them. */
  unsold?: UnsoldSeat[];
}

export function initialEntries(): EntriesState {
  return {
    players: PlayerBook.EMPTY,
    entries: [],
    chipsIssued: 0,
    removals: [],
    rebuyMoney: 0,
    addonMoney: 0,
    hands: [],
    handForHand: { active: false, hand: 0 },
    payouts: { custom: null, locked: null },
    deal: null,
    penalties: [],
    colorUps: [],
  };
}

/** States stored before this domain existed hold only players and entries. */
export function withDefaults(entries: EntriesState): EntriesState {
  return entries.hands ? entries : { ...initialEntries(), ...entries };
}

/** Entries still in play, in registration order: what seating must keep seated. */
export function activeEntryIds(entries: EntriesState): string[] {
  return entries.entries.filter((e) => e.status === 'active').map((e) => e.id);
}
