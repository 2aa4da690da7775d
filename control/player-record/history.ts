/** A player's tournaments as the record and the merge show them: the night, his place, prize and entries. */
import { html } from 'lit';
import type { Localizer } from '../../web/lib/i18n.js';
import type { PlayerResult } from '../../client/players-api.js';

export function historyList(l10n: Localizer, results: readonly PlayerResult[]) {
  if (!results.length) return html`<p class="hint" data-role="history-empty">${l10n.t('players.db.noHistory')}</p>`;
  return html`<ul class="lines" data-role="history">
    ${results.map(
      (r) => html`<li data-tournament=${r.tournamentId}>
        <b class="name">${r.tournament}</b> · ${r.place !== undefined ? l10n.place(r.place) : l10n.t('players.db.stillPlaying')}${r.prize ? html` · ${l10n.money(r.prize, r.currency)}` : ''} ·
        ${l10n.t('players.db.entries', { count: r.entries })}
      </li>`,
    )}
  </ul>`;
}
