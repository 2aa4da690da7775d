import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import type { Localizer, TranslationKey } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import {
  checkStructure,
  exportStructureFile,
  fetchTemplates,
  importStructureFile,
  suggestStructure,
  type ColorUpPoint,
  type ErrorIssue,
  type StructureItem,
  type StructureTemplateView,
} from '../../client/setup-api.js';
import styles from './riffle-structure-editor.styles.js';

type Level = Extract<StructureItem, { kind: 'level' }>;
type Break = Extract<StructureItem, { kind: 'break' }>;

/** The editor's change: the new items, and a template's stack and chips when one was chosen. */
export type StructureChangeEvent = CustomEvent<{ items: StructureItem[]; startingStack?: number; chipSet?: number[] }>;

/** How long typing may pause before the server checks the structure again. */
const CHECK_DELAY_MS = 300;

/**
 * @summary The structure editor of the TD's phone: levels and breaks in play order (add,
 *   remove, reorder), blinds, ante or big-blind ante, minutes; colour-ups at the breaks from
 *   the chip set; templates, "suggest a structure", import and export.
 *
 * Every change is checked by the server (`/api/structures/check`, the engine's own rules), and
 * each problem shows under the item and beside the field it concerns; `issues` set by the
 * parent (a refused create or `structure.set`) show the same way until the next edit. Items
 * before `locked` have been played and are read-only; the item at `locked` is in play: it can
 * be corrected but not moved or removed.
 *
 * @event riffle-structure-change - `{items, startingStack?, chipSet?}` on every edit.
 */
export class RiffleStructureEditor extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  @property({ attribute: false }) items: StructureItem[] = [];
  @property({ attribute: false }) chipSet: number[] | null = null;
  @property({ attribute: false }) startingStack = 20_000;
  /** Items before this index are played (read-only); -1: nothing is (a new tournament). */
  @property({ type: Number }) locked = -1;
  /** Problems from the server's last refusal (shown until the next edit). */
  @property({ attribute: false }) issues: ErrorIssue[] = [];
  /** Show templates and suggest (a new tournament; for a running one only import/export). */
  @property({ type: Boolean }) tools = true;

  @state() private checked: { issues: ErrorIssue[]; colorUps: ColorUpPoint[] } = { issues: [], colorUps: [] };
  @state() private templates: StructureTemplateView[] = [];
  @state() private toolError: string | null = null;
  @state() private toolInfo: string | null = null;
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkSeq = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    if (this.tools) void fetchTemplates().then((answer) => answer.ok && (this.templates = answer.value.templates));
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.checkTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('items') || changed.has('chipSet')) this.scheduleCheck();
  }

  private scheduleCheck(): void {
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => void this.runCheck(), CHECK_DELAY_MS);
  }

  private async runCheck(): Promise<void> {
    const seq = ++this.checkSeq;
    if (this.items.length === 0) {
      this.checked = { issues: [{ index: null, field: null, message: this.l10n.t('setup.form.errors.level', { n: 1 }) }], colorUps: [] };
      return;
    }
    const answer = await checkStructure(this.items, this.chipSet?.length ? this.chipSet : null);
    if (seq !== this.checkSeq) return; // a newer edit is being checked
    this.checked = answer.ok ? { issues: answer.value.issues, colorUps: answer.value.colorUps } : { issues: [{ index: null, field: null, message: answer.error.message }], colorUps: [] };
    this.dispatchEvent(new CustomEvent('riffle-structure-checked', { detail: { ok: answer.ok && answer.value.ok }, bubbles: true, composed: true }));
  }

  /** A problem in the phone's language when its code has a text, else the server's message. */
  private issueText(issue: ErrorIssue): string {
    if (!issue.code) return issue.message;
    const chip = issue.values?.chip;
    const values: Record<string, number | string> = { ...issue.values, ...(typeof chip === 'number' ? { chip: this.l10n.number(chip) } : {}) };
    // A file's own problems (setup.file.*), or a structure problem (setup.issues.*) at a line.
    const key = issue.code.startsWith('file-') ? `setup.file.${issue.code.slice(5)}` : `setup.issues.${issue.code}`;
    const text = this.l10n.t(key as TranslationKey, values);
    if (text === key) return issue.message;
    return typeof values.line === 'number' && !issue.code.startsWith('file-') ? this.l10n.t('setup.file.atLine', { line: values.line, text }) : text;
  }

  /** Problems to show: the parent's (a refusal) until the next edit, else the live check's. */
  private get shownIssues(): ErrorIssue[] {
    return this.issues.length ? this.issues : this.checked.issues;
  }

  private emit(items: StructureItem[], extra: { startingStack?: number; chipSet?: number[] } = {}): void {
    this.toolError = null;
    this.dispatchEvent(new CustomEvent('riffle-structure-change', { detail: { items, ...extra }, bubbles: true, composed: true }));
  }

  private patchItem(index: number, patch: Partial<Level> | Partial<Break>): void {
    const items = this.items.map((item, i) => (i === index ? ({ ...item, ...patch } as StructureItem) : item));
    this.emit(items);
  }

  private number(e: Event): number {
    const value = (e.target as HTMLInputElement).valueAsNumber;
    return Number.isFinite(value) ? value : 0;
  }

  private setAnteType(index: number, level: Level, anteType: Level['anteType']): void {
    // A big-blind ante is the big blind (TDA 2024 AP 11); no ante is 0.
    const ante = anteType === 'none' ? 0 : anteType === 'bba' ? level.bigBlind : level.ante || Math.max(1, Math.round(level.bigBlind / 8));
    this.patchItem(index, { anteType, ante });
  }

  private move(index: number, by: -1 | 1): void {
    const items = this.items.slice();
    const [item] = items.splice(index, 1);
    items.splice(index + by, 0, item!);
    this.emit(items);
  }

  private removeItem(index: number): void {
    this.emit(this.items.filter((_, i) => i !== index));
  }

  private add(kind: 'level' | 'break'): void {
    const last = [...this.items].reverse().find((i): i is Level => i.kind === 'level');
    const minutes = last?.minutes ?? 20;
    const item: StructureItem =
      kind === 'break'
        ? { kind: 'break', minutes: 15, colorUp: null }
        : last
          ? { kind: 'level', smallBlind: last.bigBlind, bigBlind: last.bigBlind * 2, ante: last.anteType === 'bba' ? last.bigBlind * 2 : last.ante, anteType: last.anteType, minutes }
          : { kind: 'level', smallBlind: 25, bigBlind: 50, ante: 0, anteType: 'none', minutes };
    this.emit([...this.items, item]);
  }

  /** Puts each chip's colour-up at its break (the server's schedule), one per break. */
  private placeColorUps(): void {
    const at = new Map<number, number>();
    let after = -1;
    for (const point of this.checked.colorUps) {
      if (point.breakIndex === null) break;
      const index = this.items.findIndex((item, i) => i >= point.breakIndex! && i > after && i >= this.locked && item.kind === 'break');
      if (index < 0) break;
      at.set(index, point.denomination);
      after = index;
    }
    this.emit(this.items.map((item, i) => (item.kind === 'break' && i >= this.locked ? { ...item, colorUp: at.has(i) ? { denomination: at.get(i)! } : null } : item)));
  }

  // ---- tools

  private replaceAllowed(): boolean {
    return this.items.length === 0 || confirm(this.l10n.t('setup.tools.replaceConfirm'));
  }

  private useTemplate(e: Event): void {
    e.preventDefault();
    const id = new FormData(e.target as HTMLFormElement).get('template');
    const template = this.templates.find((t) => t.id === id);
    if (!template || !this.replaceAllowed()) return;
    this.emit(template.structure, { startingStack: template.startingStack, chipSet: template.chipSet });
  }

  private async suggest(e: Event): Promise<void> {
    e.preventDefault();
    const data = new FormData(e.target as HTMLFormElement);
    const answer = await suggestStructure({
      players: Number(data.get('players')),
      startingStack: this.startingStack,
      targetMinutes: Math.round(Number(data.get('hours')) * 60),
      levelMinutes: Number(data.get('levelMinutes')),
      ...(this.chipSet?.length ? { chipSet: this.chipSet } : {}),
    });
    if (!answer.ok) {
      this.toolError = answer.error.message;
      return;
    }
    if (this.replaceAllowed()) this.emit(answer.value.structure);
  }

  private async importFile(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    this.toolInfo = null;
    const answer = await importStructureFile(await file.text(), file.name);
    if (!answer.ok) {
      const issue = answer.error.issues?.[0];
      this.toolError = issue ? this.issueText(issue) : answer.error.message;
      return;
    }
    if (!this.replaceAllowed()) return;
    this.emit(answer.value.structure);
    this.toolInfo = this.l10n.t('setup.tools.imported', { count: answer.value.structure.length });
  }

  private async exportFile(format: 'json' | 'csv'): Promise<void> {
    const text = await exportStructureFile(this.items, format);
    if (text === null) {
      const first = this.shownIssues[0];
      this.toolError = first ? this.issueText(first) : this.l10n.t('setup.form.problems');
      return;
    }
    const url = URL.createObjectURL(new Blob([text], { type: format === 'csv' ? 'text/csv' : 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `structure.${format}`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  // ---- render

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const issues = this.shownIssues;
    const general = issues.filter((i) => i.index === null);
    const levels = this.items.filter((i) => i.kind === 'level').length;
    const breaks = this.items.length - levels;
    const minutes = this.items.reduce((s, i) => s + i.minutes, 0);
    const time = `${Math.floor(minutes / 60)}:${String(Math.round(minutes % 60)).padStart(2, '0')}`;
    return html`
      ${this.tools ? this.toolsView(l10n) : this.fileTools(l10n)}
      ${this.locked > 0 ? html`<p class="hint">${l10n.t('setup.editor.lockedHint')}</p>` : nothing}
      <p class="summary ${issues.length ? 'bad' : 'good'}" role="status" data-role="check">
        ${l10n.t('setup.editor.summary', { levels: l10n.t('setup.editor.levelCount', { count: levels }), breaks: l10n.t('setup.editor.breakCount', { count: breaks }), time })} ·
        ${issues.length ? l10n.t('setup.editor.problems', { count: issues.length }) : l10n.t('setup.editor.ok')}
      </p>
      ${general.map((i) => html`<p class="issue" role="alert">${this.issueText(i)}</p>`)}
      <ol class="items">
        ${repeat(
          this.items,
          (_, i) => i,
          (item, i) => this.row(item, i, issues.filter((x) => x.index === i)),
        )}
      </ol>
      <div class="add">
        <button type="button" data-action="add-level" @click=${() => this.add('level')}>+ ${l10n.t('setup.editor.addLevel')}</button>
        <button type="button" data-action="add-break" @click=${() => this.add('break')}>+ ${l10n.t('setup.editor.addBreak')}</button>
      </div>
      ${this.chipSet?.length
        ? html`<button type="button" class="wide" data-action="place-color-ups" @click=${this.placeColorUps} ?disabled=${this.checked.colorUps.length === 0}>
            ${l10n.t('setup.editor.placeColorUps')}
          </button>`
        : nothing}
    `;
  }

  private toolsView(l10n: Localizer) {
    return html`<details class="tools">
      <summary>${l10n.t('setup.tools.title')}</summary>
      <form class="tool" @submit=${this.useTemplate}>
        <label>
          <span>${l10n.t('setup.tools.template')}</span>
          <select name="template">
            ${this.templates.map((t) => html`<option value=${t.id}>${l10n.t(`setup.tools.templates.${t.id}`)}</option>`)}
          </select>
        </label>
        <button type="submit" data-action="use-template">${l10n.t('setup.tools.useTemplate')}</button>
      </form>
      <form class="tool suggest" @submit=${(e: Event) => void this.suggest(e)}>
        <strong>${l10n.t('setup.tools.suggest')}</strong>
        <div class="grid3">
          <label><span>${l10n.t('setup.tools.players')}</span><input name="players" type="number" inputmode="numeric" min="2" value="50" required /></label>
          <label><span>${l10n.t('setup.tools.hours')}</span><input name="hours" type="number" inputmode="decimal" min="0.5" step="0.5" value="5" required /></label>
          <label><span>${l10n.t('setup.tools.levelMinutes')}</span><input name="levelMinutes" type="number" inputmode="numeric" min="1" value="20" required /></label>
        </div>
        <button type="submit" data-action="suggest">${l10n.t('setup.tools.suggestGo')}</button>
      </form>
      ${this.fileTools(l10n)}
    </details>`;
  }

  private fileTools(l10n: Localizer) {
    return html`<div class="tool files">
      <label class="file">
        <!-- The browser's own file button would speak the browser's language: ours is the label. -->
        <input type="file" accept=".json,.csv,application/json,text/csv" data-action="import" @change=${(e: Event) => void this.importFile(e)} />
        <span class="file-button">${l10n.t('setup.tools.import')}</span>
      </label>
      <div class="row">
        <button type="button" data-action="export-json" @click=${() => void this.exportFile('json')}>${l10n.t('setup.tools.exportJson')}</button>
        <button type="button" data-action="export-csv" @click=${() => void this.exportFile('csv')}>${l10n.t('setup.tools.exportCsv')}</button>
      </div>
      ${this.toolError ? html`<p class="issue" role="alert" data-role="tool-error">${this.toolError}</p>` : nothing}
      ${this.toolInfo ? html`<p class="hint" role="status">${this.toolInfo}</p>` : nothing}
    </div>`;
  }

  private row(item: StructureItem, i: number, issues: ErrorIssue[]) {
    const l10n = this.l10n;
    const played = i < this.locked;
    const inPlay = i === this.locked;
    const bad = (field: string) => issues.some((x) => x.field === field);
    let n = 0;
    for (let j = 0; j <= i; j++) if (this.items[j]!.kind === 'level') n++;
    const title = item.kind === 'level' ? l10n.t('setup.editor.level', { n }) : l10n.t('setup.editor.break');
    const movable = !played && !inPlay;
    const field = (name: string, label: string, value: number, onInput: (v: number) => void, step = 1) =>
      html`<label class=${bad(name) ? 'bad' : ''}>
        <span>${label}</span>
        <input
          type="number"
          inputmode="numeric"
          min="0"
          step=${step}
          data-field=${name}
          .value=${String(value)}
          ?disabled=${played}
          aria-invalid=${bad(name) ? 'true' : 'false'}
          @change=${(e: Event) => onInput(this.number(e))}
        />
      </label>`;
    if (played && issues.length === 0) {
      // Played: one line, nothing to edit (the TD scrolls to what is still to come).
      const what =
        item.kind === 'level'
          ? `${l10n.blinds(item.smallBlind, item.bigBlind)}${item.anteType === 'none' ? '' : ` · ${item.anteType === 'bba' ? l10n.t('common.bba', { amount: l10n.number(item.ante) }) : l10n.t('common.ante', { amount: l10n.number(item.ante) })}`}`
          : item.colorUp
            ? l10n.t('common.colorUpShort', { chip: l10n.number(item.colorUp.denomination) })
            : '';
      return html`<li class="item ${item.kind} played compact" data-index=${i}>
        <div class="head">
          <strong>${title}</strong>
          <span class="what">${what}</span>
          <span class="spacer"></span>
          <span>${l10n.t('common.minutes', { minutes: l10n.minutes(item.minutes * 60_000) })}</span>
          <span class="tag">${l10n.t('setup.editor.played')}</span>
        </div>
      </li>`;
    }
    const hint = item.kind === 'break' ? this.checked.colorUps.find((p) => p.breakIndex === i) : undefined;
    return html`<li class="item ${item.kind} ${played ? 'played' : ''} ${issues.length ? 'has-issue' : ''}" data-index=${i}>
      <div class="head">
        <strong>${title}</strong>
        ${played ? html`<span class="tag">${l10n.t('setup.editor.played')}</span>` : inPlay ? html`<span class="tag live">${l10n.t('setup.editor.inPlay')}</span>` : nothing}
        <span class="spacer"></span>
        ${movable
          ? html`<button type="button" class="icon" aria-label=${l10n.t('setup.editor.up')} title=${l10n.t('setup.editor.up')} ?disabled=${i === 0 || i - 1 <= this.locked} @click=${() => this.move(i, -1)}>↑</button>
              <button type="button" class="icon" aria-label=${l10n.t('setup.editor.down')} title=${l10n.t('setup.editor.down')} ?disabled=${i === this.items.length - 1} @click=${() => this.move(i, 1)}>↓</button>
              <button type="button" class="icon" data-action="remove" aria-label=${l10n.t('setup.editor.remove')} title=${l10n.t('setup.editor.remove')} @click=${() => this.removeItem(i)}>✕</button>`
          : nothing}
      </div>
      ${item.kind === 'level'
        ? html`<div class="grid level">
            ${field('smallBlind', l10n.t('setup.editor.sb'), item.smallBlind, (v) => this.patchItem(i, { smallBlind: v }))}
            ${field('bigBlind', l10n.t('setup.editor.bb'), item.bigBlind, (v) => this.patchItem(i, item.anteType === 'bba' ? { bigBlind: v, ante: v } : { bigBlind: v }))}
            ${field('minutes', l10n.t('setup.editor.minutes'), item.minutes, (v) => this.patchItem(i, { minutes: v }), 0.5)}
            <label class="ante-type ${bad('anteType') ? 'bad' : ''}">
              <span>${l10n.t('setup.editor.anteType')}</span>
              <select data-field="anteType" ?disabled=${played} @change=${(e: Event) => this.setAnteType(i, item, (e.target as HTMLSelectElement).value as Level['anteType'])}>
                <option value="none" ?selected=${item.anteType === 'none'}>${l10n.t('setup.editor.anteNone')}</option>
                <option value="ante" ?selected=${item.anteType === 'ante'}>${l10n.t('setup.editor.antePlayer')}</option>
                <option value="bba" ?selected=${item.anteType === 'bba'}>${l10n.t('setup.editor.anteBba')}</option>
              </select>
            </label>
            ${item.anteType === 'none' ? nothing : field('ante', l10n.t('setup.editor.ante'), item.ante, (v) => this.patchItem(i, { ante: v }))}
          </div>`
        : html`<div class="grid">
            ${field('minutes', l10n.t('setup.editor.minutes'), item.minutes, (v) => this.patchItem(i, { minutes: v }), 0.5)}
            <label class=${bad('colorUp') ? 'bad' : ''}>
              <span>${l10n.t('setup.editor.colorUp')}</span>
              <select
                data-field="colorUp"
                ?disabled=${played}
                aria-invalid=${bad('colorUp') ? 'true' : 'false'}
                @change=${(e: Event) => {
                  const d = Number((e.target as HTMLSelectElement).value);
                  this.patchItem(i, { colorUp: d > 0 ? { denomination: d } : null });
                }}
              >
                <option value="0" ?selected=${!item.colorUp}>${l10n.t('setup.editor.colorUpNone')}</option>
                ${[...new Set([...(this.chipSet ?? []), ...(item.colorUp ? [item.colorUp.denomination] : [])])]
                  .sort((a, b) => a - b)
                  .map((d) => html`<option value=${d} ?selected=${item.colorUp?.denomination === d}>${l10n.number(d)}</option>`)}
              </select>
            </label>
          </div>
          ${hint && item.colorUp?.denomination !== hint.denomination ? html`<p class="hint">${l10n.t('setup.editor.colorUpHint', { chip: l10n.number(hint.denomination) })}</p>` : nothing}`}
      ${issues.map((x) => html`<p class="issue" role="alert" data-issue-field=${x.field ?? ''} data-code=${x.code ?? ''}>${this.issueText(x)}</p>`)}
    </li>`;
  }
}
