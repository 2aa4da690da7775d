import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { LANGUAGES, type Localizer } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import type { CommandAnswer } from '../../client/messages.js';
import { createTournament, fetchPresets, fetchSetup, fetchTemplates, type ErrorIssue, type PresetView, type StructureItem, type TournamentSetup } from '../../client/setup-api.js';
import type { CreateTournament } from '../../server/protocol/tournament.js';
import type { PresetId } from '../../server/protocol/views.js';
import { setupWarnings } from '../../server/protocol/rules/setup-warnings.js';
import { fireSetup } from '../setup-actions.js';
import { fireCommand } from '../command-event.js';
import '../structure-editor/riffle-structure-editor.js';
import type { StructureChangeEvent } from '../structure-editor/riffle-structure-editor.component.js';
import '../format-setup/riffle-format-setup.js';
import { EMPTY_FORMAT, formatDraftFrom, formatSettings, type FormatDraft } from '../format-setup/format-draft.js';
import { cents, draftFrom, EMPTY, pricesOf, type Draft } from './setup-draft.js';
import styles from './riffle-setup-panel.styles.js';

/** A field problem found before sending: which field, and the text to show beside it. */
type FieldErrors = Partial<Record<string, string>>;

/**
 * @summary Set-up from the phone: the new-tournament form (name, rules, buy-in, fee, currency,
 *   guarantee, stack, chip set, late registration, re-entries, rebuys, add-on, tables, and the
 *   structure), or the structure of the tournament open on this phone.
 *
 * `mode="new"` creates through `POST /api/tournaments` (the TD's session); with `from`, the form
 * starts as a copy of that tournament's set-up. A structure the engine refuses is not created:
 * its problems show at their levels. `mode="structure"` sends `structure.set` through the root
 * (played levels are locked).
 *
 * @event riffle-setup - `{op: 'created' | 'list' | 'close'}`.
 * @event riffle-command - `structure.set`, its answer back here (a refusal shows at its levels).
 */
export class RiffleSetupPanel extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property() mode: 'new' | 'structure' = 'new';
  /** Start from this tournament's set-up (duplicate); in `structure` mode, the tournament. */
  @property() from: string | null = null;

  @state() private draft: Draft = structuredClone(EMPTY);
  /** The bounty format and the satellite (../format-setup/). */
  @state() private format: FormatDraft = { ...EMPTY_FORMAT };
  @state() private items: StructureItem[] = [];
  @state() private presets: PresetView[] = [];
  @state() private setup: TournamentSetup | null = null;
  @state() private errors: FieldErrors = {};
  @state() private issues: ErrorIssue[] = [];
  @state() private message: string | null = null;
  @state() private busy = false;

  override connectedCallback(): void {
    super.connectedCallback();
    void fetchPresets().then((answer) => answer.ok && (this.presets = answer.value.presets));
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('from') || changed.has('mode')) void this.load();
  }

  private async load(): Promise<void> {
    this.errors = {};
    this.issues = [];
    this.message = null;
    this.setup = null;
    if (!this.from) {
      this.draft = { ...structuredClone(EMPTY), locale: this.l10n?.lang ?? 'en' };
      this.format = { ...EMPTY_FORMAT };
      this.items = [];
      // A new tournament starts from the regular template (its stack and chips are the form's
      // defaults), as TD3 starts from a default structure; templates and suggest replace it.
      const templates = await fetchTemplates();
      const regular = templates.ok ? templates.value.templates.find((t) => t.id === 'regular') : undefined;
      if (regular && this.items.length === 0 && !this.from) {
        this.items = regular.structure;
        this.draft = { ...this.draft, startingStack: String(regular.startingStack), chipSet: regular.chipSet.join(', ') };
      }
      return;
    }
    const answer = await fetchSetup(this.from);
    if (!answer.ok) {
      this.message = answer.error.message;
      return;
    }
    const s = answer.value;
    this.setup = s;
    this.items = s.structure;
    if (this.mode === 'new') {
      this.draft = draftFrom(s, this.l10n.t('setup.form.copyName', { name: s.name }));
      this.format = formatDraftFrom(s.settings.bounty, s.settings.satellite);
    }
  }

  private get chipSet(): number[] | null {
    const parts = this.draft.chipSet.split(/[,;\s]+/).filter(Boolean);
    if (parts.length === 0) return null;
    const numbers = parts.map(Number);
    return numbers.every((n) => Number.isSafeInteger(n) && n > 0) ? numbers : null;
  }

  private set(path: string, value: string | boolean): void {
    const draft = structuredClone(this.draft) as unknown as Record<string, unknown>;
    const keys = path.split('.');
    let target = draft;
    for (const k of keys.slice(0, -1)) target = target[k] as Record<string, unknown>;
    target[keys.at(-1)!] = value;
    this.draft = draft as unknown as Draft;
    if (this.errors[path]) this.errors = { ...this.errors, [path]: undefined };
  }

  private onStructure(e: StructureChangeEvent): void {
    e.stopPropagation();
    const { items, startingStack, chipSet } = e.detail;
    this.items = items;
    this.issues = [];
    if (startingStack !== undefined) this.draft = { ...this.draft, startingStack: String(startingStack) };
    if (chipSet !== undefined) this.draft = { ...this.draft, chipSet: chipSet.join(', ') };
  }

  /** The request body, or the field problems that keep it from being sent. */
  private body(): { body: CreateTournament; tables: number } | { errors: FieldErrors } {
    const l10n = this.l10n;
    const d = this.draft;
    const errors: FieldErrors = {};
    const whole = (path: string, text: string, { optional = false, min = 0 } = {}): number | null => {
      if (text.trim() === '' && optional) return null;
      const n = Number(text);
      if (!Number.isSafeInteger(n) || n < min) errors[path] = l10n.t('setup.form.errors.number');
      return n;
    };
    const money = (path: string, text: string): number => {
      if (text.trim() === '') return 0;
      const n = Number(text.replace(',', '.'));
      if (!Number.isFinite(n) || n < 0) errors[path] = l10n.t('setup.form.errors.amount');
      return cents(n);
    };
    const levelIndex = (path: string, text: string): number => {
      const n = whole(path, text, { min: 1 }) ?? 1;
      let count = 0;
      const index = this.items.findIndex((i) => i.kind === 'level' && ++count === n);
      if (index < 0 && !errors[path]) errors[path] = l10n.t('setup.form.errors.level', { n });
      return Math.max(0, index);
    };
    if (!d.name.trim()) errors.name = l10n.t('setup.form.errors.name');
    if (!/^[A-Za-z]{3}$/.test(d.currency.trim())) errors.currency = l10n.t('setup.form.errors.currency');
    const chipSet = this.chipSet;
    if (d.chipSet.trim() && !chipSet) errors.chipSet = l10n.t('setup.form.errors.chipSet');
    const lateReg = whole('lateRegistrationLevel', d.lateRegistrationLevel, { optional: true, min: 1 });
    if (lateReg !== null && !errors.lateRegistrationLevel) levelIndex('lateRegistrationLevel', d.lateRegistrationLevel);
    const reentryMax = whole('reentryMax', d.reentryMax, { optional: true });
    const rebuy = d.rebuy.on
      ? {
          price: money('rebuy.price', d.rebuy.price),
          fee: money('rebuy.fee', d.rebuy.fee),
          chips: whole('rebuy.chips', d.rebuy.chips, { min: 1 }) ?? 0,
          fromIndex: 0,
          untilIndex: levelIndex('rebuy.untilLevel', d.rebuy.untilLevel),
          max: whole('rebuy.max', d.rebuy.max, { optional: true, min: 1 }),
        }
      : null;
    const addon = d.addon.on
      ? {
          price: money('addon.price', d.addon.price),
          fee: money('addon.fee', d.addon.fee),
          chips: whole('addon.chips', d.addon.chips, { min: 1 }) ?? 0,
          fromIndex: 0,
          untilIndex: levelIndex('addon.untilLevel', d.addon.untilLevel),
          // Blank: one add-on per entry (entries/buy-limits.ts); a house may sell more.
          max: whole('addon.max', d.addon.max, { optional: true, min: 1 }),
        }
      : null;
    // The bounty is typed inside the prices: the engine's buy-in and prices are the prize-pool parts.
    const format = formatSettings(this.format, pricesOf(d), l10n);
    for (const [path, text] of Object.entries(format.errors)) errors[`format.${path}`] = text;
    if (rebuy && format.rebuyPrice !== null) rebuy.price = format.rebuyPrice;
    if (addon && format.addonPrice !== null) addon.price = format.addonPrice;
    const body: CreateTournament = {
      name: d.name.trim(),
      preset: d.preset as CreateTournament['preset'] & string,
      structure: this.items,
      settings: {
        startingStack: whole('startingStack', d.startingStack, { min: 1 }) ?? 0,
        buyIn: format.bounty ? format.buyIn : money('buyIn', d.buyIn),
        fee: money('fee', d.fee),
        currency: d.currency.trim().toUpperCase(),
        guarantee: money('guarantee', d.guarantee),
        lateRegistrationLevel: lateReg,
        locale: d.locale,
        chipSet,
        rebuy,
        addon,
        bounty: format.bounty,
        satellite: format.satellite,
        rules: {
          seatsPerTable: whole('seatsPerTable', d.seatsPerTable, { min: 2 }) ?? 9,
          ...(reentryMax !== null ? { reentryMax } : {}),
        },
      },
    };
    // Opened by the server in the creation itself (CreateTournament.tables, at most 500).
    const tables = whole('tables', d.tables) ?? 0;
    if (tables > 500 && !errors.tables) errors.tables = l10n.t('setup.form.errors.number');
    return Object.values(errors).some(Boolean) ? { errors } : { body: { ...body, tables }, tables };
  }

  private async create(e: Event): Promise<void> {
    e.preventDefault();
    const built = this.body();
    this.message = null;
    if ('errors' in built) {
      this.errors = built.errors;
      this.message = this.l10n.t('setup.form.problems');
      return;
    }
    this.busy = true;
    const answer = await createTournament(built.body);
    this.busy = false;
    if (!answer.ok) {
      // The engine's refusal: each problem at its level; the tournament was not created.
      this.issues = answer.error.issues ?? [];
      this.message = this.issues.length ? this.l10n.t('setup.form.problems') : answer.error.message;
      return;
    }
    fireSetup(this, { op: 'created', id: answer.value.id, name: built.body.name, tables: built.tables });
  }

  private saveStructure(): void {
    this.busy = true;
    this.message = null;
    // The engine's refusal shows here, each problem at its level: no toast for it.
    fireCommand(this, { type: 'structure.set', structure: this.items }, {
      done: this.l10n.t('setup.editor.saved'),
      showsError: true,
      reply: (answer: CommandAnswer) => {
        this.busy = false;
        if (answer.ok) {
          this.message = null;
          void this.load();
          fireSetup(this, { op: 'close' });
          return;
        }
        this.issues = answer.error.issues ?? [];
        this.message = this.issues.length ? this.l10n.t('setup.editor.notSaved') : answer.error.message;
      },
    });
  }

  // ---- render

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    if (this.mode === 'structure') return this.structureView(l10n);
    const d = this.draft;
    const preset = this.presets.find((p) => p.id === d.preset);
    const reentryDefault = preset ? (preset.rules.reentryMax === null ? l10n.t('setup.form.unlimited') : String(preset.rules.reentryMax)) : '';
    return html`<form novalidate @submit=${(e: Event) => void this.create(e)}>
      ${this.message ? html`<p class="issue banner" role="alert" data-role="form-error">${this.message}</p>` : nothing}
      <fieldset>
        <legend>${l10n.t('setup.form.general')}</legend>
        ${this.text('name', l10n.t('setup.form.name'), d.name, { wide: true, maxlength: 120 })}
        <div class="grid">
          <label>
            <span>${l10n.t('setup.form.preset')}</span>
            <select data-field="preset" @change=${(e: Event) => this.set('preset', (e.target as HTMLSelectElement).value)}>
              ${this.presets.map((p) => html`<option value=${p.id} ?selected=${p.id === d.preset}>${p.name}</option>`)}
            </select>
          </label>
          <label>
            <span>${l10n.t('setup.form.locale')}</span>
            <select data-field="locale" @change=${(e: Event) => this.set('locale', (e.target as HTMLSelectElement).value)}>
              ${LANGUAGES.map((lang) => html`<option value=${lang} ?selected=${lang === d.locale}>${new Intl.DisplayNames([lang], { type: 'language' }).of(lang) ?? lang}</option>`)}
            </select>
          </label>
        </div>
      </fieldset>
      <fieldset>
        <legend>${l10n.t('setup.form.money')}</legend>
        <div class="grid">
          ${this.text('buyIn', l10n.t('setup.form.buyIn'), d.buyIn, { decimal: true })}
          ${this.text('fee', l10n.t('setup.form.fee'), d.fee, { decimal: true })}
          ${this.text('currency', l10n.t('setup.form.currency'), d.currency, { maxlength: 3 })}
          ${this.text('guarantee', l10n.t('setup.form.guarantee'), d.guarantee, { decimal: true })}
        </div>
      </fieldset>
      <fieldset>
        <legend>${l10n.t('setup.form.chips')}</legend>
        <div class="grid">
          ${this.text('startingStack', l10n.t('setup.form.startingStack'), d.startingStack, { numeric: true })}
          ${this.text('lateRegistrationLevel', l10n.t('setup.form.lateReg'), d.lateRegistrationLevel, { numeric: true, hint: l10n.t('setup.form.blankNone') })}
        </div>
        ${this.text('chipSet', l10n.t('setup.form.chipSet'), d.chipSet, { wide: true, hint: l10n.t('setup.form.chipSetHint') })}
        ${this.text('reentryMax', l10n.t('setup.form.reentry'), d.reentryMax, { numeric: true, hint: l10n.t('setup.form.blankPreset', { value: reentryDefault }) })}
      </fieldset>
      ${this.buyPeriod('rebuy', l10n.t('setup.form.rebuy'), l10n.t('setup.form.rebuyOn'))} ${this.buyPeriod('addon', l10n.t('setup.form.addon'), l10n.t('setup.form.addonOn'))}
      <riffle-format-setup
        .l10n=${l10n}
        .draft=${this.format}
        .result=${formatSettings(this.format, pricesOf(d), l10n)}
        currency=${pricesOf(d).currency}
        @riffle-format-draft=${(e: CustomEvent<FormatDraft>) => (this.format = e.detail)}
      ></riffle-format-setup>
      <fieldset>
        <legend>${l10n.t('setup.form.tables')}</legend>
        <div class="grid">
          ${this.text('tables', l10n.t('setup.form.tableCount'), d.tables, { numeric: true })}
          ${this.text('seatsPerTable', l10n.t('setup.form.seats'), d.seatsPerTable, { numeric: true })}
        </div>
      </fieldset>
      <fieldset>
        <legend>${l10n.t('setup.form.structure')}</legend>
        <riffle-structure-editor
          .l10n=${l10n}
          .items=${this.items}
          .chipSet=${this.chipSet}
          .startingStack=${Number(d.startingStack) || 20_000}
          .issues=${this.issues}
          @riffle-structure-change=${this.onStructure}
        ></riffle-structure-editor>
      </fieldset>
      <div class="submit">
        <button type="button" @click=${() => fireSetup(this, { op: 'list' })}>${l10n.t('setup.cancel')}</button>
        <button type="submit" class="primary" data-action="create" ?disabled=${this.busy}>${this.busy ? l10n.t('setup.form.creating') : l10n.t('setup.form.create')}</button>
      </div>
    </form>`;
  }

  private structureView(l10n: Localizer) {
    const s = this.setup;
    if (!s) return this.message ? html`<p class="issue" role="alert">${this.message}</p>` : nothing;
    // Before the start nothing has been played; after it, the items before the current one have.
    const locked = s.clock.status === 'idle' && s.clock.index === 0 ? -1 : s.clock.index;
    return html`<h3 class="sub" title=${s.name}>${s.name}</h3>
      ${this.message ? html`<p class="issue banner" role="alert" data-role="form-error">${this.message}</p>` : nothing}
      <riffle-structure-editor
        .l10n=${l10n}
        .items=${this.items}
        .chipSet=${s.settings.chipSet ?? null}
        .startingStack=${s.settings.startingStack}
        .locked=${locked}
        .issues=${this.issues}
        .tools=${false}
        @riffle-structure-change=${this.onStructure}
      ></riffle-structure-editor>
      <div class="submit">
        <button type="button" @click=${() => fireSetup(this, { op: 'list' })}>${l10n.t('setup.cancel')}</button>
        <button type="button" class="primary" data-action="save-structure" ?disabled=${this.busy} @click=${this.saveStructure}>
          ${this.busy ? l10n.t('setup.editor.saving') : l10n.t('setup.editor.save')}
        </button>
      </div>`;
  }

  private text(path: string, label: string, value: string, opts: { wide?: boolean; numeric?: boolean; decimal?: boolean; maxlength?: number; hint?: string } = {}) {
    const error = this.errors[path];
    return html`<label class="${opts.wide ? 'wide' : ''} ${error ? 'bad' : ''}">
      <span>${label}</span>
      <input
        data-field=${path}
        .value=${value}
        inputmode=${opts.numeric ? 'numeric' : opts.decimal ? 'decimal' : 'text'}
        maxlength=${opts.maxlength ?? 200}
        aria-invalid=${error ? 'true' : 'false'}
        @input=${(e: Event) => this.set(path, (e.target as HTMLInputElement).value)}
      />
      ${error ? html`<small class="issue" role="alert">${error}</small>` : opts.hint ? html`<small>${opts.hint}</small>` : nothing}
    </label>`;
  }

  private buyPeriod(kind: 'rebuy' | 'addon', title: string, toggle: string) {
    const l10n = this.l10n;
    const p = this.draft[kind];
    return html`<fieldset>
      <legend>${title}</legend>
      <label class="check"><input type="checkbox" data-field="${kind}.on" .checked=${p.on} @change=${(e: Event) => this.set(`${kind}.on`, (e.target as HTMLInputElement).checked)} /> ${toggle}</label>
      ${p.on
        ? html`<div class="grid">
            ${this.text(`${kind}.price`, l10n.t('setup.form.price'), p.price, { decimal: true })} ${this.text(`${kind}.fee`, l10n.t('setup.form.buyFee'), p.fee, { decimal: true })}
            ${this.text(`${kind}.chips`, l10n.t('setup.form.buyChips'), p.chips, { numeric: true })} ${this.text(`${kind}.untilLevel`, l10n.t('setup.form.until'), p.untilLevel, { numeric: true })}
            ${kind === 'rebuy'
              ? this.text('rebuy.max', l10n.t('setup.form.max'), this.draft.rebuy.max, { numeric: true, hint: l10n.t('setup.form.blankUnlimited') })
              : this.text('addon.max', l10n.t('setup.form.max'), this.draft.addon.max, { numeric: true, hint: l10n.t('setup.form.blankOne') })}
          </div>`
        : nothing}
      ${kind === 'rebuy'
        ? setupWarnings(this.draft.preset as PresetId, { rebuy: p.on ? {} : null }).map(
            (w) => html`<p class="warning" role="note" data-warning=${w.code}>${l10n.t('setup.form.warnings.rebuysNotInPreset')}</p>`,
          )
        : nothing}
    </fieldset>`;
  }
}
