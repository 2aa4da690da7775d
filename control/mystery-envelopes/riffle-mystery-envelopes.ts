import { RiffleMysteryEnvelopes } from './riffle-mystery-envelopes.component.js';

export * from './riffle-mystery-envelopes.component.js';
export default RiffleMysteryEnvelopes;

if (!customElements.get('riffle-mystery-envelopes')) customElements.define('riffle-mystery-envelopes', RiffleMysteryEnvelopes);

declare global {
  interface HTMLElementTagNameMap {
    'riffle-mystery-envelopes': RiffleMysteryEnvelopes;
  }
}
