import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { PlayerEntryView } from '../../../server/protocol/entries-views.js';
import type { TableView } from '../../../server/protocol/seating.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import { photoOrFlag } from '../lib/flag.js';
import { fitName } from '../lib/fit-name.js';
import { onAirNameOf } from '../../../server/protocol/on-air-name.js';
import { STACK_MODES } from '../leaderboard/board.js';
import { enumParam } from '../lib/params.js';
import type { StreamPlayer } from '../lib/players.js';
import type { StreamLocalizer } from '../lib/l10n.js';
import { levelInForce } from '../lib/levels.js';
import { StreamOverlay } from '../lib/stream-overlay.js';
import styles from './riffle-overlay-table.styles.js';

/** How long a busted player's plate stays, greyed out, before it goes. */
export const BUSTED_PLATE_MS = 8000;

interface Plate {
  seat: number;
  entryId: string;
  name: string;
  /** The on-air name, when the full name does not fit its plate. */
  short: string;
  country: string | undefined;
  photo: string | undefined;
  chips: number;
  /** The bounty on his head (minor units), where a bounty is in play. */
  bounty: number | undefined;
  busted: boolean;
}

/**
 * @summary Player plates for the featured table (the one with the cameras): seat, photo or flag,
 *   name (in full, on two lines where it must), chips and big blinds (`?stack=chips|bb|both`,
 *   default both), the bounty on his head where bounties are in play, the chip leader's mark,
 *   and the button, small-blind and big-blind markers.
 *
 * The table is the producer's `stream.featuredTableId`; nothing shows while none is featured.
 * A busted player's plate is greyed out for BUSTED_PLATE_MS, then goes.
 *
 * @cssproperty --riffle-overlay-bg - Background of a plate.
 * @cssproperty --riffle-overlay-bg-2 - Seat number and marker chips.
 * @cssproperty --riffle-overlay-text - Text colour; the button marker.
 * @cssproperty --riffle-overlay-muted - Seat numbers.
 * @cssproperty --riffle-overlay-radius - Corner radius.
 * @cssproperty --riffle-overlay-font - Font family.
 * @cssproperty --riffle-overlay-plate-width - Widest a plate gets (300px; a full table of 10 shares the row: 165px each).
 * @cssproperty --riffle-overlay-enter-x - Horizontal offset the plates enter from.
 * @cssproperty --riffle-overlay-enter-y - Vertical offset the plates enter from.
 * @cssproperty --riffle-overlay-duration - Length of the entrance and exit.
 * @csspart air - The stage layer that animates in and out.
 * @csspart plates - The row of plates (move it with `bottom`).
 * @csspart plate - One player.
 * @csspart busted - A busted player's plate, before it goes.
 * @csspart seat - Seat number.
 * @csspart flag - The player's flag.
 * @csspart name - The player's name.
 * @csspart stack - The stack (chips, or big blinds with `?stack=bb`).
 * @csspart bbs - The stack in big blinds under the chips (`?stack=both`).
 * @csspart bounty - The bounty on the player's head.
 * @csspart chip-leader - The chip leader's plate; `leader-mark` its mark.
 * @csspart photo - The player's photo (where he has one; else the flag).
 * @csspart button - The dealer button marker.
 * @csspart small-blind - The small-blind marker.
 * @csspart big-blind - The big-blind marker.
 */
export class RiffleOverlayTable extends StreamOverlay {
  static override styles = [...StreamOverlay.styles, styles];
  protected readonly kind = 'table' as const;
  protected readonly topics: readonly Topic[] = ['info', 'structure', 'clock', 'seating', 'players', 'stream'];

  /** Busted players' plates still shown, by entry id, with the timer that removes them. */
  private readonly leaving = new Map<string, { plate: Plate; timer: ReturnType<typeof setTimeout> }>();
  private seated: Plate[] = [];
  private tableId: string | null = null;
  private leaderId: string | null = null;
  /** `?stack=chips|bb|both` (default both: chips on one line, big blinds under it). */
  private readonly stack = enumParam(this.params, 'stack', STACK_MODES, 'both');

  protected override hasContent(): boolean {
    return this.featuredTable() !== null;
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const { timer } of this.leaving.values()) clearTimeout(timer);
    this.leaving.clear();
  }

  private featuredTable(): TableView | null {
    const state = this.feed?.state;
    const id = state?.stream?.featuredTableId;
    return (id && state?.seating?.tables.find((t) => t.id === id)) || null;
  }

  protected override feedChanged(feed: TournamentFeed): void {
    const table = this.featuredTable();
    const entries = new Map<string, PlayerEntryView>((feed.state.players?.entries ?? []).map((e) => [e.id, e]));
    const plates: Plate[] = [];
    for (const s of table?.seats ?? []) {
      if (!s.entryId) continue;
      const entry = entries.get(s.entryId) as StreamPlayer | undefined;
      plates.push({
        seat: s.seat,
        entryId: s.entryId,
        name: entry?.name ?? s.name ?? '',
        short: onAirNameOf({ name: entry?.name ?? s.name ?? '', onAirName: entry?.onAirName }),
        country: entry?.country,
        photo: entry?.photo,
        chips: entry?.chips ?? 0,
        bounty: entry?.bounty,
        busted: entry?.status === 'busted',
      });
    }
    // The chip leader of the tournament (not only of this table) gets the mark.
    let leader: PlayerEntryView | null = null;
    for (const e of entries.values()) if (e.status === 'active' && (!leader || e.chips > leader.chips)) leader = e;
    this.leaderId = leader && leader.chips > 0 ? leader.id : null;
    // A player who left the same featured table busted stays a moment, greyed out.
    if (table && table.id === this.tableId) {
      for (const old of this.seated) {
        if (plates.some((p) => p.entryId === old.entryId) || this.leaving.has(old.entryId)) continue;
        if (entries.get(old.entryId)?.status !== 'busted') continue;
        const timer = setTimeout(() => {
          this.leaving.delete(old.entryId);
          this.requestUpdate();
        }, BUSTED_PLATE_MS);
        this.leaving.set(old.entryId, { plate: { ...old, busted: true }, timer });
      }
    } else {
      for (const { timer } of this.leaving.values()) clearTimeout(timer);
      this.leaving.clear();
    }
    this.tableId = table?.id ?? null;
    this.seated = plates;
  }

  protected renderOverlay(feed: TournamentFeed, l10n: StreamLocalizer) {
    const table = this.featuredTable();
    if (!table) return nothing;
    const plates = [...this.seated, ...[...this.leaving.values()].map((l) => l.plate)].sort((a, b) => a.seat - b.seat);
    const bigBlind = levelInForce(this.liveClock(), feed.state.structure?.items)?.bb ?? 0;
    // Heads-up the button is also the small blind (TDA 2017 r34): both markers then.
    const marker = (seat: number) => html`${seat === table.button ? html`<span class="marker button" part="button">${l10n.t('dealer')}</span>` : nothing}${
      seat === table.smallBlind ? html`<span class="marker" part="small-blind">${l10n.t('smallBlind')}</span>` : nothing
    }${seat === table.bigBlind ? html`<span class="marker" part="big-blind">${l10n.t('bigBlind')}</span>` : nothing}`;
    const currency = feed.state.info?.currency ?? feed.state.field?.currency ?? 'EUR';
    const showBB = this.stack !== 'chips' && bigBlind > 0;
    const showChips = this.stack !== 'bb' || !showBB;
    return html`<div class="plates" part="plates" data-table=${table.number} data-count=${plates.length}>
      ${repeat(
        plates,
        (p) => p.entryId,
        (p) => {
          const leader = !p.busted && p.entryId === this.leaderId;
          return html`<div
            class="box plate ${p.busted ? 'busted' : ''} ${leader ? 'leader' : ''}"
            part=${p.busted ? 'plate busted' : leader ? 'plate chip-leader' : 'plate'}
            data-box="plate"
            data-entry=${p.entryId}
            data-seat=${p.seat}
          >
            <div class="head">
              <span class="seat" part="seat">${p.seat}</span>${photoOrFlag(p.photo, p.country)}${leader ? html`<span class="leader-mark" part="leader-mark" title=${l10n.t('chipLeader')}>★</span>` : nothing}
              ${p.busted ? nothing : html`<span class="markers">${marker(p.seat)}</span>`}
            </div>
            <div class="name" part="name" data-text data-lines="2" ${fitName(p.name, p.short)}></div>
            ${showChips ? html`<div class="stack" part="stack" data-text>${l10n.chips(p.chips)}</div>` : nothing}
            ${showBB ? html`<div class="stack ${showChips ? 'bbs' : ''}" part=${showChips ? 'bbs' : 'stack'} data-text>${l10n.bb(p.chips, bigBlind)}</div>` : nothing}
            ${p.bounty !== undefined && p.bounty > 0
              ? html`<div class="bounty" part="bounty" data-text><span class="bounty-icon" aria-label=${l10n.t('bounty')}></span>${l10n.money(p.bounty, currency)}</div>`
              : nothing}
          </div>`;
        },
      )}
    </div>`;
  }
}
