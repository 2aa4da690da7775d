import { html, LitElement, nothing } from 'lit';
import { property, state } from 'lit/decorators.js';
import { MAY_NOTHING, type May } from '../actions.js';
import type { Localizer } from '../../web/lib/i18n.js';
import type { FieldView, PlayersView } from '../../server/protocol/entries-views.js';
import { PLAYER_QUERY_MIN, type PlayerCard } from '../../server/protocol/players.js';
import { flag } from '../../overlays/stream/lib/flag.js';
import { tokens } from '../../web/lib/theme.js';
import { fireCommand } from '../command-event.js';
import { createPlayer, fetchPlayerMatches, nearName, sameName } from './venue-players.js';
import styles from './riffle-player-register.styles.js';

/** A pasted line the phone could not settle alone: several players of that name, or one a letter off. */
interface Question {
  line: number;
  name: string;
  candidates: PlayerCard[];
  /** The choice: a candidate's id, `new`, or `skip` (the default: nothing is assumed). */
  choice: string;
}

/** Waits this long after the last letter before asking the server (a phone types ~5 letters a second). */
const TYPING_MS = 120;

/**
 * @summary Registration on the phone (issue 27): type a few letters and the venue's players who
 *   fit show under the name (returning players marked, with their flag); one tap registers him
 *   (`entry.add` with his record's id, name, country and photo). A new name still registers in
 *   one step (Enter), and makes his record first; a name a letter off a known player's asks
 *   first who it is; a registration the field shows refused (late registration closed) makes no
 *   record. A pasted list registers the names it can match
 *   to one player or to none (a new player), and asks about the rest.
 *
 * Renders and fires `riffle-entries`; the root sends the command. Without the player database
 * (offline, or a role without `players.read`) it registers by name, as before.
 * @event riffle-entries - `{command}` to send.
 */
export class RifflePlayerRegister extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) players: PlayersView | null = null;
  @property({ attribute: false }) field: FieldView | null = null;
  @property({ attribute: false }) may: May = MAY_NOTHING;

  @state() private found: PlayerCard[] = [];
  @state() private more = false;
  @state() private typed = '';
  @state() private note = '';
  @state() private pasteOpen = false;
  @state() private listBusy = false;
  @state() private listReport = '';
  @state() private questions: Question[] = [];
  /** Enter on a name a letter off a known player's (or several of that name): who is it? */
  @state() private near: { name: string; country: string | undefined; afterClose: boolean; candidates: PlayerCard[] } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private asking: AbortController | null = null;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearTimeout(this.timer);
    this.asking?.abort();
  }

  private get database(): boolean {
    return this.may('players.read');
  }

  /** Each venue record already in this tournament, and whether one of his entries is in play. */
  private here(): Map<string, boolean> {
    const out = new Map<string, boolean>();
    for (const e of this.players?.entries ?? []) if (e.venuePlayerId) out.set(e.venuePlayerId, (out.get(e.venuePlayerId) ?? false) || e.status === 'active');
    return out;
  }

  override render() {
    const { l10n, field } = this;
    if (!l10n) return nothing;
    const here = this.here();
    return html`<form class="register" @submit=${this.register}>
        <input
          name="name"
          autocomplete="off"
          enterkeyhint="done"
          placeholder=${l10n.t('entries.control.namePlaceholder')}
          aria-label=${l10n.t('entries.control.namePlaceholder')}
          @input=${this.onType}
        />
        <input name="country" autocomplete="off" maxlength="2" pattern="[A-Za-z]{2}" placeholder="NL" title=${l10n.t('stream.country')} aria-label=${l10n.t('stream.country')} />
        <button type="submit">${l10n.t('entries.control.register')}</button>
        ${field && !field.lateRegistration.open && this.may('entry.add', { afterClose: true })
          ? html`<button type="submit" class="after-close" data-action="after-close" title=${l10n.t('entries.control.afterCloseHint')}>${l10n.t('entries.control.afterClose')}</button>`
          : nothing}
      </form>
      ${this.found.length && this.typed
        ? html`<ul class="matches" aria-label=${l10n.t('players.matches')} data-role="matches">
            ${this.found.map((m) => this.match(m, here.get(m.id)))}
            ${this.more ? html`<li class="more">${l10n.t('players.more')}</li>` : nothing}
          </ul>`
        : nothing}
      ${this.note ? html`<p class="note" role="status">${this.note}</p>` : nothing}
      ${this.near ? this.askNear(this.near) : nothing}
      <details class="paste" ?open=${this.pasteOpen} @toggle=${(e: Event) => (this.pasteOpen = (e.target as HTMLDetailsElement).open)}>
        <summary>${l10n.t('entries.control.pasteList')}</summary>
        <form @submit=${this.registerList}>
          <textarea name="names" rows="6" autocomplete="off" aria-label=${l10n.t('entries.control.pasteHint')} placeholder=${l10n.t('entries.control.pasteHint')}></textarea>
          <button type="submit" ?disabled=${this.listBusy}>${l10n.t('entries.control.registerList')}</button>
        </form>
        ${this.listReport ? html`<p class="list-report" role="status">${this.listReport}</p>` : nothing}
        ${this.questions.length ? this.ask() : nothing}
      </details>`;
  }

  /** A player the letters found: his flag, name and nickname, and whether he is back or here already. */
  private match(m: PlayerCard, inPlay: boolean | undefined) {
    const { l10n } = this;
    const badge = inPlay === true ? l10n.t('players.inPlay') : inPlay === false ? l10n.t('players.reentry') : l10n.t('players.returning');
    return html`<li>
      <button type="button" data-player=${m.id} ?disabled=${inPlay === true} @click=${() => this.registerRecord(m)}>
        <span class="flag">${flag(m.country)}</span>
        <span class="who"><span class="name">${m.name}</span>${m.nickname ? html` <small class="nick">“${m.nickname}”</small>` : nothing}</span>
        <span class="badge ${inPlay === undefined ? 'returning' : ''}" data-badge>${badge}</span>
      </button>
    </li>`;
  }

  private onType(e: Event): void {
    const value = (e.target as HTMLInputElement).value;
    this.typed = value.trim();
    this.note = '';
    if (this.timer) clearTimeout(this.timer);
    if (!this.database || [...this.typed].length < PLAYER_QUERY_MIN) {
      this.found = [];
      return;
    }
    const query = this.typed;
    this.timer = setTimeout(() => void this.lookUp(query), TYPING_MS);
  }

  private async lookUp(query: string): Promise<void> {
    this.asking?.abort();
    const asking = (this.asking = new AbortController());
    const answer = await fetchPlayerMatches(query, asking.signal);
    // An answer for letters since changed is not shown.
    if (asking.signal.aborted || query !== this.typed) return;
    this.found = answer?.matches ?? [];
    this.more = answer?.more ?? false;
  }

  private clear(input: HTMLInputElement): void {
    input.value = '';
    input.focus();
    this.typed = '';
    this.found = [];
    if (this.timer) clearTimeout(this.timer);
    this.asking?.abort();
  }

  /** One tap: the record's name, country and photo go with the command (the replay needs no database). */
  private registerRecord(m: PlayerCard, afterClose = false): void {
    fireCommand(this, {
      type: 'entry.add',
      name: m.name,
      venuePlayerId: m.id,
      ...(m.country ? { country: m.country } : {}),
      ...(m.photo ? { photo: m.photo } : {}),
      ...(afterClose ? { afterClose: true as const } : {}),
    });
    const input = this.renderRoot.querySelector<HTMLInputElement>('form.register input[name="name"]');
    if (input) this.clear(input);
  }

  private async register(ev: Event): Promise<void> {
    ev.preventDefault();
    const form = ev.target as HTMLFormElement;
    const input = form.elements.namedItem('name') as HTMLInputElement;
    const countryInput = form.elements.namedItem('country') as HTMLInputElement | null;
    const name = input.value.trim();
    if (!name) return;
    // The country (optional) shows as a flag on the stream; it stays for the next entry.
    const country = countryInput?.value.trim().toUpperCase() || undefined;
    // ONK MEC r1B: after the close the TD may place a registered player's stack, blinded until he arrives.
    const afterClose = (ev as SubmitEvent).submitter?.getAttribute('data-action') === 'after-close';
    // Fast entry: the field is free for the next name at once.
    this.clear(input);
    this.near = null;
    // The venue's players of that name, asked for the name in full (the list under the field may be for fewer letters).
    const found = this.database && this.opensNow(afterClose) ? ((await fetchPlayerMatches(name))?.matches ?? []) : [];
    const same = found.filter((m) => sameName(m.name, name));
    const near = found.filter((m) => !sameName(m.name, name) && nearName(m.name, name));
    // The name typed in full is one returning player's: him, not a second record.
    if (same.length === 1 && near.length === 0) return this.registerRecord(country && !same[0]!.country ? { ...same[0]!, country } : same[0]!, afterClose);
    // Several of that name, or one a letter off ("Lras"): asked, as the pasted list does, before a new record is made.
    if (same.length + near.length > 0) return void (this.near = { name, country, afterClose, candidates: [...same, ...near] });
    await this.registerNewName(name, country, afterClose);
  }

  /**
   * A name no record has: his record first, then the entry. Only while the registration would be
   * taken (the field says so): a refused registration (late registration closed) makes no record,
   * and the entry by name gets the server's refusal.
   */
  private async registerNewName(name: string, country: string | undefined, afterClose: boolean): Promise<void> {
    const record = this.database && this.opensNow(afterClose) ? await createPlayer(name, country) : null;
    if (this.database && this.opensNow(afterClose) && !record) this.note = this.l10n.t('players.noDatabase');
    if (record) return this.registerRecord({ ...record, ...(country ? { country } : {}) }, afterClose);
    fireCommand(this, { type: 'entry.add', name, ...(country ? { country } : {}), ...(afterClose ? { afterClose: true as const } : {}) });
  }

  /**
   * Whether the server would take a registration now, as the field shows it: registration open
   * (or, for the TD's stack placed after the close, closed) and no prizes awarded yet.
   */
  private opensNow(afterClose = false): boolean {
    const field = this.field;
    if (!field) return true;
    return field.winner === undefined && field.lateRegistration.open !== afterClose;
  }

  /** Enter on a name a known player's is a letter off: one tap registers him, or "a new player". */
  private askNear(q: NonNullable<RifflePlayerRegister['near']>) {
    const { l10n } = this;
    return html`<div class="ask near" role="group" aria-label=${l10n.t('players.near.ask')} data-role="near">
      <p class="ask-title">${l10n.t('players.near.ask')}</p>
      <ul class="matches">
        ${q.candidates.map(
          (m) => html`<li>
            <button type="button" data-player=${m.id} @click=${() => ((this.near = null), this.registerRecord(q.country && !m.country ? { ...m, country: q.country } : m, q.afterClose))}>
              <span class="flag">${flag(m.country)}</span>
              <span class="who"><span class="name">${m.name}</span>${m.nickname ? html` <small class="nick">“${m.nickname}”</small>` : nothing}</span>
            </button>
          </li>`,
        )}
        <li>
          <button type="button" data-action="near-new" @click=${() => ((this.near = null), void this.registerNewName(q.name, q.country, q.afterClose))}>
            <span class="flag"></span><span class="who"><span class="name">${l10n.t('players.near.asNew', { name: q.name })}</span></span>
          </button>
        </li>
      </ul>
    </div>`;
  }

  /**
   * A pasted list, one name a line: blank lines skipped; a name twice in the list, a player
   * already registered, or a line that is not a name are named in the report and not sent. Each
   * other name is matched against the venue's players: one player of that name registers as
   * him, none (and none a letter off) as a new player; several, or one a letter off, are asked
   * about below the report. Registered one after the other (each waits for its answer), quietly.
   */
  private async registerList(ev: Event): Promise<void> {
    ev.preventDefault();
    const area = (ev.target as HTMLFormElement).elements.namedItem('names') as HTMLTextAreaElement;
    const { l10n } = this;
    const fold = (n: string) => n.normalize('NFC').toLocaleLowerCase().replace(/\s+/g, ' ');
    const known = new Set((this.players?.entries ?? []).map((e) => fold(e.name)));
    const here = this.here();
    const seen = new Set<string>();
    const lines: { line: number; name: string }[] = [];
    const left: string[] = [];
    area.value.split(/\r?\n/).forEach((raw, i) => {
      const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
      if (!name) return;
      const line = i + 1;
      if (listProblem(name)) return void left.push(l10n.t('entries.control.listBad', { line, name: name.slice(0, 40) }));
      if (seen.has(fold(name))) return void left.push(l10n.t('entries.control.listTwice', { line, name }));
      seen.add(fold(name));
      if (known.has(fold(name))) return void left.push(l10n.t('entries.control.listKnown', { line, name }));
      lines.push({ line, name });
    });
    this.listBusy = true;
    this.questions = [];
    let registered = 0;
    let returning = 0;
    const questions: Question[] = [];
    try {
      for (const { line, name } of lines) {
        const found = this.database ? await fetchPlayerMatches(name) : null;
        const same = found?.matches.filter((m) => sameName(m.name, name)) ?? [];
        const near = found?.matches.filter((m) => !sameName(m.name, name) && nearName(m.name, name)) ?? [];
        if (same.length === 1 && near.length === 0) {
          if (here.has(same[0]!.id)) {
            left.push(l10n.t('entries.control.listKnown', { line, name }));
            continue;
          }
          if (await this.send(this.recordCommand(same[0]!))) (registered++, returning++);
          else left.push(l10n.t('entries.control.listRefused', { name }));
        } else if (same.length + near.length > 0) {
          questions.push({ line, name, candidates: [...same, ...near], choice: 'skip' });
        } else if (await this.registerNew(name)) registered++;
        else left.push(l10n.t('entries.control.listRefused', { name }));
      }
    } finally {
      this.listBusy = false;
    }
    this.questions = questions;
    this.listReport = [l10n.t('entries.control.listDone', { count: registered }), ...(returning ? [l10n.t('players.list.returning', { count: returning })] : []), ...left].join(' · ');
    if (registered > 0 && left.length === 0 && questions.length === 0) area.value = '';
  }

  private recordCommand(m: PlayerCard) {
    return { type: 'entry.add' as const, name: m.name, venuePlayerId: m.id, ...(m.country ? { country: m.country } : {}), ...(m.photo ? { photo: m.photo } : {}) };
  }

  /** A new name of a list: his record first (when the database answers and registration is open), then the entry. */
  private async registerNew(name: string): Promise<boolean> {
    const record = this.database && this.opensNow() ? await createPlayer(name) : null;
    return this.send(record ? this.recordCommand(record) : { type: 'entry.add', name });
  }

  private send(command: Parameters<typeof fireCommand>[1]): Promise<boolean> {
    return new Promise((resolve) => fireCommand(this, command, { reply: (answer) => resolve(answer.ok), done: null }));
  }

  /** The lines a list could not settle: who each is, a new player, or left out. */
  private ask() {
    const { l10n } = this;
    return html`<form class="ask" data-role="ask" @submit=${this.answer}>
      <p class="ask-title">${l10n.t('players.list.ask')}</p>
      ${this.questions.map(
        (q, i) => html`<fieldset data-line=${q.line}>
          <legend>${l10n.t('players.list.line', { line: q.line, name: q.name })}</legend>
          ${q.candidates.map(
            (c) => html`<label class="choice"
              ><input type="radio" name="q${i}" value=${c.id} ?checked=${q.choice === c.id} @change=${() => this.choose(i, c.id)} />
              <span class="flag">${flag(c.country)}</span><span class="who"><span class="name">${c.name}</span>${c.nickname ? html` <small class="nick">“${c.nickname}”</small>` : nothing}</span></label
            >`,
          )}
          <label class="choice"><input type="radio" name="q${i}" value="new" ?checked=${q.choice === 'new'} @change=${() => this.choose(i, 'new')} />${l10n.t('players.list.asNew')}</label>
          <label class="choice"><input type="radio" name="q${i}" value="skip" ?checked=${q.choice === 'skip'} @change=${() => this.choose(i, 'skip')} />${l10n.t('players.list.skip')}</label>
        </fieldset>`,
      )}
      <button type="submit" ?disabled=${this.listBusy}>${l10n.t('players.list.confirm')}</button>
    </form>`;
  }

  private choose(i: number, choice: string): void {
    this.questions = this.questions.map((q, k) => (k === i ? { ...q, choice } : q));
  }

  private async answer(ev: Event): Promise<void> {
    ev.preventDefault();
    const { l10n } = this;
    this.listBusy = true;
    let registered = 0;
    let returning = 0;
    const left: string[] = [];
    try {
      for (const q of this.questions) {
        if (q.choice === 'skip') continue;
        const record = q.candidates.find((c) => c.id === q.choice);
        const ok = record ? await this.send(this.recordCommand(record)) : await this.registerNew(q.name);
        if (!ok) left.push(l10n.t('entries.control.listRefused', { name: q.name }));
        else (registered++, record && returning++);
      }
    } finally {
      this.listBusy = false;
    }
    this.questions = [];
    this.listReport = [l10n.t('entries.control.listDone', { count: registered }), ...(returning ? [l10n.t('players.list.returning', { count: returning })] : []), ...left].join(' · ');
  }
}

/** A line that is not a name (the server's rules: no control characters, a visible character, at most 60). */
function listProblem(name: string): boolean {
  return name.length > 60 || /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u.test(name) || !/[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{C}\p{M}\u2800]/u.test(name);
}
