import { RiffleDealerCue } from './riffle-dealer-cue.component.js';

export * from './riffle-dealer-cue.component.js';
export default RiffleDealerCue;

if (!customElements.get('riffle-dealer-cue')) customElements.define('riffle-dealer-cue', RiffleDealerCue);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-dealer-cue': RiffleDealerCue;
  }
}
