import { html, nothing } from 'lit';
import { COUNTRY_PATTERN } from '../../../server/protocol/stream.js';

/** A country we have no flag for (or a typo) shows no flag rather than a broken image on air. */
function hide(e: Event): void {
  (e.target as HTMLElement).hidden = true;
}

/** The flag of an ISO 3166-1 alpha-2 country (flag-icons, 4:3, served at /assets/flags/<cc>.svg), or nothing. */
export function flag(country: string | undefined) {
  if (!country || !COUNTRY_PATTERN.test(country)) return nothing;
  return html`<img class="flag" part="flag" src="/assets/flags/${country.toLowerCase()}.svg" alt=${country} @error=${hide} />`;
}

/** Only a same-origin path is a photo (the CSP would refuse another, and a graphic never shows a broken image). */
export function isPhotoUrl(url: string | undefined): url is string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//');
}

/** The player's photo where he has one, else his flag (the photo slot of plates and graphics). */
export function photoOrFlag(photo: string | undefined, country: string | undefined, cls = 'photo') {
  return isPhotoUrl(photo) ? html`<img class=${cls} part="photo" src=${photo} alt="" @error=${hide} />` : flag(country);
}
