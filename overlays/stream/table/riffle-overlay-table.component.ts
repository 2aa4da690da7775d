import { html, nothing } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { PlayerEntryView } from '../../../server/protocol/entries-views.js';
import type { TableView } from '../../../server/protocol/seating.js';
import type { TournamentFeed } from '../../../client/collections.js';
import type { Topic } from '../../../client/messages.js';
import { flag } from '../lib/flag.js';
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
  country: string | undefined;
  chips: number;
  busted: boolean;
}

/**
 * @summary Player plates for the featured table (the one with the cameras): seat, flag, name,
 *   stack in big blinds, and the button, small-blind and big-blind markers.
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
 * @cssproperty --riffle-overlay-plate-width - Widest a plate gets (240px; a full table of 10 shares the row).
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
 * @csspart stack - The stack in big blinds.
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
      const entry = entries.get(s.entryId);
      plates.push({ seat: s.seat, entryId: s.entryId, name: entry?.name ?? s.name ?? '', country: entry?.country, chips: entry?.chips ?? 0, busted: entry?.status === 'busted' });
    }
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
    return html`<div class="plates" part="plates" data-table=${table.number}>
      ${repeat(
        plates,
        (p) => p.entryId,
        (p) => html`<div class="box plate ${p.busted ? 'busted' : ''}" part=${p.busted ? 'plate busted' : 'plate'} data-box="plate" data-entry=${p.entryId} data-seat=${p.seat}>
          <div class="top">${flag(p.country)}<span class="name" part="name">${p.name}</span>${p.busted ? nothing : html`<span class="markers">${marker(p.seat)}</span>`}</div>
          <div class="bottom">
            <span class="seat" part="seat">${p.seat}</span>
            <span class="stack" part="stack">${bigBlind > 0 ? l10n.bb(p.chips, bigBlind) : l10n.chips(p.chips)}</span>
          </div>
        </div>`,
      )}
    </div>`;
  }
}
