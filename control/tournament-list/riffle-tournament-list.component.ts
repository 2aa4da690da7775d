import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { Localizer } from '../../web/lib/i18n.js';
import { tokens } from '../../web/lib/theme.js';
import { fetchAllTournaments, type TournamentListItem } from '../../client/setup-api.js';
import { fireSetup } from '../setup-actions.js';
import { fireCommand } from '../command-event.js';
import styles from './riffle-tournament-list.styles.js';

/**
 * @summary The TD's tournaments: open one, start a new one (empty or like a past one),
 *   archive a finished one or restore it, and edit the structure of the one open here; and the
 *   way to the venue's player records and the leagues.
 *
 * Loads `/api/tournaments?archived=1` itself, and again whenever `revision` changes (the root
 * bumps it after a create or an archive).
 *
 * @event riffle-setup - `{op: 'open' | 'new' | 'structure' | 'archived', …}`.
 * @event riffle-command - `tournament.archive` of the tournament in its row.
 */
export class RiffleTournamentList extends LitElement {
  static override styles = [tokens, styles];

  @property({ attribute: false }) l10n!: Localizer;
  /** The tournament open on this phone. */
  @property() selected: string | null = null;
  @property({ type: Number }) revision = 0;

  @state() private tournaments: TournamentListItem[] | null = null;
  @state() private error: string | null = null;
  @state() private showArchived = false;

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('revision')) void this.load();
  }

  private async load(): Promise<void> {
    const answer = await fetchAllTournaments();
    if (answer.ok) {
      // Newest first: tonight's tournament is at the top.
      this.tournaments = answer.value.tournaments.slice().sort((a, b) => b.createdAt - a.createdAt);
      this.error = null;
    } else {
      this.error = answer.error.message;
    }
  }

  override render() {
    const l10n = this.l10n;
    if (!l10n) return nothing;
    const all = this.tournaments ?? [];
    const shown = all.filter((t) => this.showArchived || !t.archived);
    const archivedCount = all.filter((t) => t.archived).length;
    const date = new Intl.DateTimeFormat(l10n.lang, { dateStyle: 'medium', timeStyle: 'short' });
    return html`
      <button type="button" class="primary wide" data-action="new" @click=${() => fireSetup(this, { op: 'new' })}>+ ${l10n.t('setup.list.new')}</button>
      <div class="venue">
        <button type="button" data-action="players" @click=${() => fireSetup(this, { op: 'players' })}>${l10n.t('players.db.open')}</button>
        <button type="button" data-action="leagues" @click=${() => fireSetup(this, { op: 'leagues' })}>${l10n.t('leagueSetup.open')}</button>
      </div>
      ${this.error ? html`<p class="issue" role="alert">${this.error}</p>` : nothing}
      ${this.tournaments && shown.length === 0 ? html`<p class="hint">${l10n.t('setup.list.empty')}</p>` : nothing}
      <ul>
        ${shown.map(
          (t) => html`<li class=${t.archived ? 'archived' : ''} data-id=${t.id}>
            <div class="name" title=${t.name}>${t.name}</div>
            <div class="meta">
              ${t.archived ? html`<span class="tag">${l10n.t('setup.list.archived')}</span>` : nothing}
              <span>${l10n.t(`setup.list.status.${t.status}`)}</span>
              <span>${l10n.t('setup.list.entries', { count: t.entries })}</span>
              <span>${l10n.t('setup.list.created', { date: date.format(t.createdAt) })}</span>
              ${t.owner !== undefined ? html`<span class="owner" data-owner=${t.owner ?? ''}>${t.owner ? l10n.t('setup.list.owner', { owner: t.owner }) : l10n.t('setup.list.noOwner')}</span>` : nothing}
            </div>
            <div class="actions">
              ${t.id === this.selected
                ? html`<button type="button" data-action="structure" @click=${() => fireSetup(this, { op: 'structure' })}>${l10n.t('setup.list.editStructure')}</button>`
                : t.archived
                  ? nothing
                  : html`<button type="button" class="primary" data-action="open" @click=${() => fireSetup(this, { op: 'open', id: t.id })}>${l10n.t('setup.list.open')}</button>`}
              <button type="button" data-action="duplicate" @click=${() => fireSetup(this, { op: 'new', from: t.id })}>${l10n.t('setup.list.duplicate')}</button>
              <button
                type="button"
                data-action=${t.archived ? 'restore' : 'archive'}
                @click=${() => {
                  if (!t.archived && !confirm(l10n.t('setup.list.archiveConfirm', { name: t.name }))) return;
                  const archived = !t.archived;
                  fireCommand(this, { type: 'tournament.archive', archived }, {
                    tournament: t.id,
                    done: l10n.t(archived ? 'setup.list.archivedDone' : 'setup.list.restoredDone', { name: t.name }),
                    reply: (answer) => answer.ok && fireSetup(this, { op: 'archived' }),
                  });
                }}
              >
                ${t.archived ? l10n.t('setup.list.restore') : l10n.t('setup.list.archive')}
              </button>
            </div>
          </li>`,
        )}
      </ul>
      ${archivedCount
        ? html`<label class="check"><input type="checkbox" data-action="show-archived" .checked=${this.showArchived} @change=${(e: Event) => (this.showArchived = (e.target as HTMLInputElement).checked)} /> ${l10n.t('setup.list.showArchived')} (${archivedCount})</label>`
        : nothing}
    `;
  }
}
