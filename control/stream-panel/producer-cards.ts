/**
 * The producer's own cards of the Stream tab (issue 24): the on-air switches, the lower third
 * cued then taken to air, the library of saved lower thirds, and the preview. Plain templates
 * over the tab's state; the tab (riffle-stream-panel.component.ts) owns that state and sends.
 */
import { html, nothing } from 'lit';
import type { Localizer } from '../../web/lib/i18n.js';
import { OVERLAY_KINDS, STREAM_LIMITS, type Command, type LowerThirdDraft, type OverlayKind, type StreamView } from '../../client/messages.js';
import { airsAt, clockTime } from './air-time.js';

/** What the cards need of the tab. */
export interface ProducerHost {
  l10n: Localizer;
  stream: StreamView;
  tournament: string;
  /** Server time of this render. */
  now: number;
  /** The lower-third form's problem (too long), in the phone's language; null: none. */
  lowerThirdError: string | null;
  /** The overlay previewed and how; null: no preview (no page loaded). */
  preview: { kind: OverlayKind; live: boolean } | null;
  fire(command: Command, done: string): void;
  setLowerThirdError(error: string | null): void;
  setPreview(preview: { kind: OverlayKind; live: boolean } | null): void;
}

/** The on-air switches: every overlay in one tap, with when a change reaches the stream. */
export function airGrid(h: ProducerHost) {
  const { l10n, stream } = h;
  return html`<section class="card air" data-card="air">
    <div class="air-head">
      <h2>${l10n.t('stream.overlays.title')}</h2>
      <span class="status" data-status="delay">${stream.delaySeconds > 0 ? l10n.t('stream.behind', { seconds: stream.delaySeconds }) : l10n.t('stream.live')}</span>
    </div>
    <div class="switches">
      ${OVERLAY_KINDS.map((kind) => {
        const visible = !stream.hidden.includes(kind);
        const name = l10n.t(`stream.kinds.${kind}`);
        const pending = airsAt(stream, kind, h.now);
        const state = pending !== null ? l10n.t(visible ? 'stream.overlays.onAirAt' : 'stream.overlays.offAirAt', { time: clockTime(l10n.lang, pending) }) : l10n.t(visible ? 'stream.overlays.onAir' : 'stream.overlays.offAir');
        return html`<button
          type="button"
          class="switch ${visible ? 'on-air' : ''} ${pending !== null ? 'pending' : ''}"
          data-overlay=${kind}
          aria-pressed=${visible ? 'true' : 'false'}
          @click=${() => h.fire({ type: 'stream.show', overlay: kind, visible: !visible }, l10n.t(visible ? 'stream.overlays.hidden' : 'stream.overlays.shown', { overlay: name }))}
        >
          <span class="switch-name">${name}</span>
          <span class="switch-state" data-state>${state}</span>
        </button>`;
      })}
    </div>
  </section>`;
}

/** The form's lower third, or the reason it cannot air (too long), in the phone's language. */
function draftOf(h: ProducerHost, form: HTMLFormElement): LowerThirdDraft | null {
  const { l10n } = h;
  const data = new FormData(form);
  const title = String(data.get('title') ?? '').trim();
  const subtitle = String(data.get('subtitle') ?? '').trim();
  const seconds = Number(data.get('seconds') || 0);
  for (const [field, text] of [
    ['heading', title],
    ['subtitle', subtitle],
  ] as const) {
    if (text.length > STREAM_LIMITS.textMax) {
      h.setLowerThirdError(l10n.t('stream.lowerThird.tooLong', { field: l10n.t(`stream.lowerThird.${field}`), length: l10n.number(text.length), max: STREAM_LIMITS.textMax }));
      return null;
    }
  }
  if (!title) return null;
  h.setLowerThirdError(null);
  return { title, ...(subtitle ? { subtitle } : {}), ...(seconds > 0 ? { seconds: Math.round(seconds) } : {}) };
}

/** The lower third: what is on air (and when it airs), what is cued with its Take, and the form that cues or saves. */
export function lowerThirdCard(h: ProducerHost) {
  const { l10n, stream } = h;
  const on = stream.lowerThird;
  const cued = stream.cued;
  const pending = airsAt(stream, 'lower-third', h.now);
  const onAir = on
    ? pending !== null
      ? l10n.t('stream.lowerThird.onAirAt', { time: clockTime(l10n.lang, pending), title: on.title })
      : l10n.t('stream.lowerThird.onAir', { title: on.title })
    : pending !== null
      ? l10n.t('stream.lowerThird.offAirAt', { time: clockTime(l10n.lang, pending) })
      : l10n.t('stream.lowerThird.nothingOn');
  const cue = (e: Event) => {
    e.preventDefault();
    const draft = draftOf(h, e.target as HTMLFormElement);
    if (draft) h.fire({ type: 'stream.cue', lowerThird: draft }, l10n.t('stream.lowerThird.cuedDone', { title: draft.title }));
  };
  const save = (e: Event) => {
    const form = (e.target as HTMLElement).closest('form')!;
    if (!form.reportValidity()) return;
    const draft = draftOf(h, form);
    if (draft) h.fire({ type: 'stream.library.save', title: draft.title, ...(draft.subtitle ? { subtitle: draft.subtitle } : {}) }, l10n.t('stream.library.saved', { title: draft.title }));
  };
  const count = (e: Event) => {
    const input = e.target as HTMLInputElement;
    const counter = input.nextElementSibling as HTMLElement | null;
    if (counter) {
      counter.textContent = l10n.t('stream.lowerThird.length', { length: l10n.number(input.value.length), max: STREAM_LIMITS.textMax });
      counter.classList.toggle('over', input.value.length > STREAM_LIMITS.textMax);
    }
  };
  const field = (name: 'title' | 'subtitle', label: string, required: boolean) =>
    html`<label class="field-count"
      ><input name=${name} ?required=${required} placeholder=${label} aria-label=${label} @input=${count} /><span class="counter" aria-hidden="true"
        >${l10n.t('stream.lowerThird.length', { length: 0, max: STREAM_LIMITS.textMax })}</span
      ></label
    >`;
  return html`<section class="card" data-card="lower-third">
    <h2>${l10n.t('stream.lowerThird.title')}</h2>
    <p class="status ${pending !== null ? 'pending' : ''}" data-status="lower-third">${onAir}</p>
    ${cued
      ? html`<div class="cued" data-cued>
          <p class="cued-text"><span class="cued-title">${l10n.t('stream.lowerThird.cued', { title: cued.title })}</span>${cued.subtitle ? html`<span class="cued-sub">${cued.subtitle}</span>` : nothing}</p>
          <div class="row">
            <button type="button" class="primary take" data-action="take" @click=${() => h.fire({ type: 'stream.take' }, l10n.t('stream.lowerThird.takeDone', { title: cued.title }))}>
              ${l10n.t('stream.lowerThird.take')}
            </button>
            <button type="button" class="small" data-action="clear-cue" @click=${() => h.fire({ type: 'stream.cue', lowerThird: null }, l10n.t('stream.lowerThird.cueCleared'))}>${l10n.t('stream.lowerThird.clearCue')}</button>
          </div>
        </div>`
      : nothing}
    <form class="stack" @submit=${cue}>
      ${field('title', l10n.t('stream.lowerThird.heading'), true)} ${field('subtitle', l10n.t('stream.lowerThird.subtitle'), false)}
      <input name="seconds" type="number" inputmode="numeric" min="1" max=${STREAM_LIMITS.lowerThirdSecondsMax} placeholder=${l10n.t('stream.lowerThird.seconds')} aria-label=${l10n.t('stream.lowerThird.seconds')} />
      ${h.lowerThirdError ? html`<p class="hint error" role="alert" data-error="lower-third">${h.lowerThirdError}</p>` : nothing}
      <div class="row">
        <button type="submit" class="half" data-action="cue">${l10n.t('stream.lowerThird.cue')}</button>
        <button type="button" class="half" data-action="save-bio" @click=${save}>${l10n.t('stream.library.save')}</button>
      </div>
      <button type="button" class="wide" data-action="hide-lower-third" ?disabled=${!on} @click=${() => h.fire({ type: 'stream.hideLowerThird' }, l10n.t('stream.lowerThird.hiddenDone'))}>
        ${l10n.t('stream.lowerThird.hide')}
      </button>
    </form>
  </section>`;
}

/** The saved lower thirds (player bios): one tap cues one. */
export function libraryCard(h: ProducerHost) {
  const { l10n, stream } = h;
  return html`<section class="card" data-card="library">
    <h2>${l10n.t('stream.library.title')}</h2>
    ${stream.library.length === 0
      ? html`<p class="hint">${l10n.t('stream.library.empty')}</p>`
      : html`<ul class="library">
          ${stream.library.map(
            (item) => html`<li data-saved=${item.id}>
              <span class="bio"><span class="bio-title">${item.title}</span>${item.subtitle ? html`<span class="bio-sub">${item.subtitle}</span>` : nothing}</span>
              <button
                type="button"
                class="small"
                data-action="cue-saved"
                @click=${() => h.fire({ type: 'stream.cue', lowerThird: { title: item.title, ...(item.subtitle ? { subtitle: item.subtitle } : {}) } }, l10n.t('stream.lowerThird.cuedDone', { title: item.title }))}
              >
                ${l10n.t('stream.library.cue')}
              </button>
              <button
                type="button"
                class="small quiet"
                data-action="remove-saved"
                aria-label=${`${l10n.t('stream.library.remove')}: ${item.title}`}
                @click=${() => h.fire({ type: 'stream.library.remove', lowerThirdId: item.id }, l10n.t('stream.library.removed', { title: item.title }))}
              >
                ✕
              </button>
            </li>`,
          )}
        </ul>`}
  </section>`;
}

/**
 * The preview: the overlay page itself in a 16:9 frame (it scales its 1920x1080 stage to fit).
 * One overlay at a time, loaded only when chosen: nine pages with a socket each would weigh on
 * a phone, and a text summary could not show how a graphic looks. "As it will air" is the
 * room now (`?live=1`, this phone's session reads the producer's text); "on the stream now" is
 * the delayed feed OBS airs.
 */
export function previewCard(h: ProducerHost) {
  const { l10n, preview } = h;
  const choose = (e: Event) => {
    const kind = (e.target as HTMLSelectElement).value as OverlayKind | '';
    h.setPreview(kind ? { kind, live: preview?.live ?? true } : null);
  };
  const src = preview ? `/overlay/${encodeURIComponent(h.tournament)}/${preview.kind}${preview.live ? '?live=1' : ''}` : '';
  return html`<section class="card" data-card="preview">
    <h2>${l10n.t('stream.preview.title')}</h2>
    <select data-field="preview" aria-label=${l10n.t('stream.preview.choose')} @change=${choose}>
      <option value="" ?selected=${!preview}>${l10n.t('stream.preview.none')}</option>
      ${OVERLAY_KINDS.map((kind) => html`<option value=${kind} ?selected=${preview?.kind === kind}>${l10n.t(`stream.kinds.${kind}`)}</option>`)}
    </select>
    ${preview
      ? html`<div class="segmented" role="group">
            <button type="button" data-preview="next" aria-pressed=${preview.live ? 'true' : 'false'} @click=${() => h.setPreview({ kind: preview.kind, live: true })}>${l10n.t('stream.preview.next')}</button>
            <button type="button" data-preview="now" aria-pressed=${preview.live ? 'false' : 'true'} @click=${() => h.setPreview({ kind: preview.kind, live: false })}>${l10n.t('stream.preview.now')}</button>
          </div>
          <div class="frame"><iframe src=${src} title=${l10n.t(`stream.kinds.${preview.kind}`)} loading="lazy"></iframe></div>
          <p class="hint">${l10n.t('stream.preview.hint')}</p>`
      : nothing}
  </section>`;
}
