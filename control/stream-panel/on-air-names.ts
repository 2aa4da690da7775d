/**
 * The producer's "Names on air" card: each player of the featured table, how his name will air
 * on the plates (in full, as his on-air name, or cut: flagged), and his on-air name to set
 * (`player.onAirName`; empty: the rule's, first initial and surname).
 *
 * The prediction measures with the overlays' own face (overlays/stream/lib/name-room.ts), loaded
 * here from /assets/fonts when the card is first drawn; until it has arrived nothing is flagged.
 */
import { html, nothing } from 'lit';
import type { Command } from '../../client/messages.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { PlayersView } from '../../server/protocol/entries-views.js';
import type { TableView } from '../../server/protocol/seating.js';
import { defaultOnAirName, ON_AIR_NAME_MAX } from '../../server/protocol/on-air-name.js';
import { PLATE_NAME_FONT, plateFit } from '../../overlays/stream/lib/name-room.js';

/** The overlays' face at the weight of a plate's name, Latin and Latin Extended (fonts.css). */
const FACES = [
  ['latin', 'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD'],
  ['latin-ext', 'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2C60-2C7F, U+A720-A7FF'],
] as const;

let faceLoad: Promise<boolean> | null = null;

/** Loads the face once per page; false when it cannot (then nothing is predicted). */
export function loadFace(): Promise<boolean> {
  faceLoad ??= Promise.all(
    FACES.map(([subset, unicodeRange]) => {
      const face = new FontFace('Riffle Display', `url(/assets/fonts/barlow-condensed-${subset}-700-normal.woff2) format('woff2')`, { weight: '700', unicodeRange });
      document.fonts.add(face);
      return face.load();
    }),
  ).then(
    () => true,
    () => false,
  );
  return faceLoad;
}

let canvas: CanvasRenderingContext2D | null = null;

function measure(text: string): number {
  canvas ??= document.createElement('canvas').getContext('2d');
  if (!canvas) return 0;
  canvas.font = PLATE_NAME_FONT;
  return canvas.measureText(text).width;
}

export interface NamesCardInput {
  l10n: Localizer;
  table: TableView | null;
  players: PlayersView | null;
  /** The face has loaded (`loadFace()`): the prediction can be made. */
  faceReady: boolean;
  fire(command: Command, done: string): void;
}

/** The card, for the featured table; nothing without one. */
export function namesCard({ l10n, table, players, faceReady, fire }: NamesCardInput) {
  if (!table) return nothing;
  const byId = new Map((players?.entries ?? []).map((e) => [e.id, e]));
  const seated = table.seats.filter((s) => s.entryId && byId.has(s.entryId)).map((s) => ({ seat: s.seat, entry: byId.get(s.entryId!)! }));
  const cut = seated.filter(({ entry }) => faceReady && plateFit(entry.name, entry.onAirName ?? defaultOnAirName(entry.name), seated.length, measure) === 'cut').length;
  return html`<details class="card more" data-card="names" ?open=${cut > 0}>
    <summary><h2>${l10n.t('stream.names.title', { table: table.number })}</h2>${cut > 0 ? html`<span class="flag-cut" data-cut=${cut}>${l10n.t('stream.names.cutCount', { count: cut })}</span>` : nothing}</summary>
    <p class="hint">${l10n.t('stream.names.hint')}</p>
    <ul class="names">
      ${seated.map(({ seat, entry }) => {
        const short = entry.onAirName ?? defaultOnAirName(entry.name);
        const fit = faceReady ? plateFit(entry.name, short, seated.length, measure) : null;
        const airs = fit === 'full' ? l10n.t('stream.names.full') : fit === 'short' ? l10n.t('stream.names.short', { name: short }) : fit === 'cut' ? l10n.t('stream.names.cut', { name: short }) : '';
        const save = (e: Event) => {
          e.preventDefault();
          const typed = String(new FormData(e.target as HTMLFormElement).get('onAirName') ?? '').trim();
          const onAirName = typed === '' ? null : typed;
          fire({ type: 'player.onAirName', playerId: entry.playerId, onAirName }, l10n.t('stream.names.done', { name: onAirName ?? defaultOnAirName(entry.name) }));
        };
        return html`<li data-entry=${entry.id} data-fit=${fit ?? 'unknown'}>
          <span class="name">${seat} · ${entry.name}</span>
          <span class="airs ${fit ?? ''}" data-airs>${airs}</span>
          <form class="row" @submit=${save}>
            <input
              class="grow"
              name="onAirName"
              maxlength=${ON_AIR_NAME_MAX}
              autocomplete="off"
              placeholder=${defaultOnAirName(entry.name)}
              aria-label=${l10n.t('stream.names.label', { name: entry.name })}
              .value=${entry.onAirName ?? ''}
            />
            <button type="submit" data-action="on-air-name">${l10n.t('stream.names.set')}</button>
          </form>
        </li>`;
      })}
    </ul>
  </details>`;
}
