import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { errorText } from '../../web/lib/error-text.js';
import { formatPoints } from '../../web/lib/points.js';
import { FORMULA_KINDS, type PointsFormula, type PointsFormulaKind } from '../../server/protocol/leagues.js';
import { checkFormula, type FormulaCheck } from '../../client/leagues-api.js';
import { venueStyles } from '../venue-styles.js';

/** Waits this long after the last keystroke before the server tries the formula. */
const TYPING_MS = 250;

/** The form's fields as typed. */
interface Draft {
  kind: PointsFormulaKind;
  points: string;
  participation: string;
  scale: string;
  topShare: string;
  buyIn: boolean;
  expression: string;
  knockoutPoints: string;
}

function draftOf(f: PointsFormula): Draft {
  return {
    kind: f.kind,
    points: f.kind === 'table' ? f.points.join(', ') : '25, 18, 15, 12, 10, 8, 6, 4, 2, 1',
    participation: f.kind === 'table' && f.participation !== undefined ? String(f.participation) : '',
    scale: f.kind === 'sqrt' && f.scale !== undefined ? String(f.scale) : '',
    topShare: f.kind === 'sqrt' && f.topShare !== undefined ? String(Math.round(f.topShare * 1000) / 10) : '',
    buyIn: f.kind === 'sqrt' && f.buyIn === true,
    expression: f.kind === 'custom' ? f.expression : '',
    knockoutPoints: f.knockoutPoints !== undefined ? String(f.knockoutPoints) : '',
  };
}

const num = (s: string) => (s.trim() === '' ? undefined : Number(s.replace(',', '.')));

/** The formula the draft describes; null when a number typed is not one (the table's list). */
function formulaOf(d: Draft): PointsFormula | null {
  const ko = num(d.knockoutPoints);
  const extra = ko !== undefined ? { knockoutPoints: ko } : {};
  switch (d.kind) {
    case 'table': {
      const points = d.points.split(/[,;\s]+/).filter(Boolean).map(Number);
      if (!points.length || points.some((p) => !Number.isFinite(p))) return null;
      const participation = num(d.participation);
      return { kind: 'table', points, ...(participation !== undefined ? { participation } : {}), ...extra };
    }
    case 'sqrt': {
      const scale = num(d.scale);
      const top = num(d.topShare);
      return { kind: 'sqrt', ...(scale !== undefined ? { scale } : {}), ...(top !== undefined ? { topShare: top / 100 } : {}), ...(d.buyIn ? { buyIn: true } : {}), ...extra };
    }
    case 'custom':
      return { kind: 'custom', expression: d.expression, ...extra };
    default:
      return { kind: d.kind, ...extra };
  }
}

export type FormulaChangeEvent = CustomEvent<{ formula: PointsFormula | null }>;

/**
 * @summary A season's points formula: one of the built-in ones with its parameters, or one the
 *   TD types, with the points it gives 1st to 10th of a sample field worked out by the server as
 *   he types (`POST /api/leagues/formula/check`), or the formula's error in his language.
 * @event riffle-formula - `{formula}` as the TD changes it (null: a number typed is not one).
 */
export class RiffleFormulaEditor extends LitElement {
  static override styles = venueStyles;

  @property({ attribute: false }) l10n!: Localizer;
  /** The formula to start from. */
  @property({ attribute: false }) formula: PointsFormula = { kind: 'linear' };
  @state() private draft: Draft = draftOf({ kind: 'linear' });
  @state() private sample = '30';
  @state() private check: FormulaCheck | null = null;
  @state() private error: string | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private asked = 0;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('formula')) {
      this.draft = draftOf(this.formula);
      this.schedule(0);
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.timer) clearTimeout(this.timer);
  }

  private change(patch: Partial<Draft>): void {
    this.draft = { ...this.draft, ...patch };
    this.dispatchEvent(new CustomEvent('riffle-formula', { detail: { formula: formulaOf(this.draft) }, bubbles: true, composed: true }));
    this.schedule(TYPING_MS);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.try(), ms);
  }

  private async try(): Promise<void> {
    const formula = formulaOf(this.draft);
    const n = ++this.asked;
    if (!formula) {
      this.check = null;
      this.error = this.l10n.t('leagueSetup.formula.badPoints');
      return;
    }
    const answer = await checkFormula(formula, Math.max(2, Math.trunc(Number(this.sample)) || 30));
    if (n !== this.asked) return;
    this.check = answer.ok ? answer.value : null;
    this.error = answer.ok ? null : errorText(this.l10n, answer.error);
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const d = this.draft;
    const text = (key: keyof Draft, label: string, attrs: { wide?: boolean; mode?: string } = {}) =>
      html`<label class=${attrs.wide ? 'wide' : ''}>
        <span>${label}</span>
        <input name=${key} inputmode=${attrs.mode ?? 'text'} autocomplete="off" .value=${String(d[key])} @input=${(e: Event) => this.change({ [key]: (e.target as HTMLInputElement).value })} />
      </label>`;
    return html`<fieldset class="card" data-role="formula">
      <h2>${l10n.t('leagueSetup.formula.title')}</h2>
      <div class="grid">
        <label class="wide">
          <span>${l10n.t('leagueSetup.formula.kind')}</span>
          <select name="kind" @change=${(e: Event) => this.change({ kind: (e.target as HTMLSelectElement).value as PointsFormulaKind })}>
            ${FORMULA_KINDS.map((k) => html`<option value=${k} ?selected=${k === d.kind}>${l10n.t(`leagueSetup.formula.kinds.${k}`)}</option>`)}
          </select>
        </label>
        ${d.kind === 'table' ? html`${text('points', l10n.t('leagueSetup.formula.points'), { wide: true })}${text('participation', l10n.t('leagueSetup.formula.participation'), { mode: 'decimal' })}` : nothing}
        ${d.kind === 'sqrt'
          ? html`${text('scale', l10n.t('leagueSetup.formula.scale'), { mode: 'decimal' })}${text('topShare', l10n.t('leagueSetup.formula.topShare'), { mode: 'decimal' })}
              <label class="check wide"><input type="checkbox" name="buyIn" .checked=${d.buyIn} @change=${(e: Event) => this.change({ buyIn: (e.target as HTMLInputElement).checked })} /><span>${l10n.t('leagueSetup.formula.buyIn')}</span></label>`
          : nothing}
        ${d.kind === 'custom'
          ? html`<label class="wide">
              <span>${l10n.t('leagueSetup.formula.expression')}</span>
              <textarea name="expression" maxlength="300" spellcheck="false" autocapitalize="off" .value=${d.expression} @input=${(e: Event) => this.change({ expression: (e.target as HTMLTextAreaElement).value })}></textarea>
            </label>
            <p class="hint wide">${l10n.t('leagueSetup.formula.expressionHint')}</p>`
          : nothing}
        ${text('knockoutPoints', l10n.t('leagueSetup.formula.knockoutPoints'), { mode: 'decimal' })}
        <label>
          <span>${l10n.t('leagueSetup.formula.sample')}</span>
          <input name="sample" type="number" inputmode="numeric" min="2" max="10000" .value=${this.sample} @input=${(e: Event) => ((this.sample = (e.target as HTMLInputElement).value), this.schedule(TYPING_MS))} />
        </label>
      </div>
      ${this.error ? html`<p class="issue" role="alert" data-role="formula-error">${this.error}</p>` : nothing}
      ${this.check && !this.error
        ? html`<div data-role="formula-preview">
            <h3>${l10n.t('leagueSetup.formula.preview', { n: this.check.n })}</h3>
            <ol class="points">
              ${this.check.places.map((p) => html`<li data-place=${p.place}><span>${l10n.place(p.place)}</span><b>${formatPoints(l10n.lang, p.points)}</b></li>`)}
            </ol>
          </div>`
        : nothing}
    </fieldset>`;
  }
}
