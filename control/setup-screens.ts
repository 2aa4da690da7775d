/**
 * The TD's set-up screens over the panel, one view at a time: the tournaments, a new one, the
 * structure (with the stream's branding), the venue's player records and the leagues. The root
 * keeps which view is open; this draws it under its heading with the way back.
 */
import { html, nothing } from 'lit';
import type { Localizer } from '../web/lib/i18n.js';
import './tournament-list/riffle-tournament-list.js';
import './setup-panel/riffle-setup-panel.js';
import './branding-panel/riffle-branding-panel.js';

/**
 * The player records and the leagues are the TD's now and then, not every night's: their code is
 * a chunk of its own, loaded when one is first opened (Lit upgrades the element when it lands).
 */
const load = {
  players: () => import('./player-records/riffle-player-records.js'),
  leagues: () => import('./leagues/riffle-leagues.js'),
};

export type SetupView = { view: 'list' } | { view: 'new'; from: string | null } | { view: 'structure' } | { view: 'players' } | { view: 'leagues' };

export interface SetupContext {
  /** The tournament open on this phone. */
  selected: string | null;
  /** Bumped after a create or an archive: the list of tournaments loads again. */
  revision: number;
  /** With no tournament yet there is nothing to go back to. */
  canClose: boolean;
  close: () => void;
}

export function setupScreen(l10n: Localizer, setup: SetupView, context: SetupContext) {
  // Offline the chunk may not come: the screen stays empty, as its data could not come either.
  if (setup.view === 'players' || setup.view === 'leagues') load[setup.view]().catch(() => {});
  const title = {
    list: () => l10n.t('setup.list.title'),
    structure: () => l10n.t('setup.editor.title'),
    new: () => l10n.t('setup.form.title'),
    players: () => l10n.t('players.db.title'),
    leagues: () => l10n.t('leagueSetup.title'),
  }[setup.view]();
  return html`<div class="setup-head">
      <h2>${title}</h2>
      ${context.canClose ? html`<button type="button" data-action="setup-close" @click=${context.close}>${l10n.t('setup.close')}</button>` : nothing}
    </div>
    ${setup.view === 'list'
      ? html`<riffle-tournament-list .l10n=${l10n} .selected=${context.selected} .revision=${context.revision}></riffle-tournament-list>`
      : setup.view === 'new'
        ? html`<riffle-setup-panel .l10n=${l10n} mode="new" .from=${setup.from}></riffle-setup-panel>`
        : setup.view === 'structure'
          ? html`<riffle-setup-panel .l10n=${l10n} mode="structure" .from=${context.selected}></riffle-setup-panel>
              <riffle-branding-panel .l10n=${l10n} .tournament=${context.selected}></riffle-branding-panel>`
          : setup.view === 'players'
            ? html`<riffle-player-records .l10n=${l10n}></riffle-player-records>`
            : html`<riffle-leagues .l10n=${l10n} .revision=${context.revision}></riffle-leagues>`}`;
}
