/**
 * The namespaces of texts and the type every `t()` key is checked against. The texts stay in
 * overlays/lib/locales/ (the screens' and the phone's) and overlays/stream/lib/locales/ (the
 * stream overlays'), one file per language, English the reference every other language is
 * typed against (test/browser/locales.test.ts checks every key in every language at run time).
 *
 * One file here per namespace (./seating.ts, ...): its English, bundled with every page that
 * shows it (the fallback for a missing key, and the first paint), and one loader line per
 * other language, loaded by `import()` when a page shows that language (../i18n.ts); esbuild
 * makes each a chunk of its own (scripts/build-web.mjs). One file per namespace, so a page's
 * bundle holds only the namespaces it names.
 *
 * Adding a namespace, say `players` (overlays/lib/locales/players/{en,nl,da,hr,de}.ts):
 *   1. ./players.ts, a copy of ./seating.ts with its mount, English and one line per language;
 *   2. one line in `Texts` below and one in ./all.ts (the tests load every namespace);
 *   3. name it in the texts of each page that shows it (overlays/display/texts.ts,
 *      overlays/seat/texts.ts, overlays/lobby/texts.ts, control/texts.ts).
 */
import type { en as coreEn } from '../../../overlays/lib/locales/en.js';
import type { commandsEn } from '../../../overlays/lib/locales/commands/en.js';
import type { cuesEn } from '../../../overlays/lib/locales/cues/en.js';
import type { entriesEn } from '../../../overlays/lib/locales/entries/en.js';
import type { errorsEn } from '../../../overlays/lib/locales/errors/en.js';
import type { flightsEn } from '../../../overlays/lib/locales/flights/en.js';
import type { seatingEn } from '../../../overlays/lib/locales/seating/en.js';
import type { setupEn } from '../../../overlays/lib/locales/setup/en.js';
import type { streamEn } from '../../../overlays/lib/locales/stream/en.js';
import type { playersEn } from '../../../overlays/lib/locales/players/en.js';
import type { leaguesEn } from '../../../overlays/lib/locales/leagues/en.js';
import type { leagueSetupEn } from '../../../overlays/lib/locales/league-setup/en.js';
import type { bountiesEn } from '../../../overlays/lib/locales/bounties/en.js';
import type { en as overlayEn } from '../../../overlays/stream/lib/locales/en.js';

/** The English texts of every namespace under its mount. */
type Texts = typeof coreEn & {
  commands: typeof commandsEn;
  cues: typeof cuesEn;
  entries: typeof entriesEn;
  errors: typeof errorsEn;
  flights: typeof flightsEn;
  seating: typeof seatingEn;
  setup: typeof setupEn;
  stream: typeof streamEn;
  players: typeof playersEn;
  leagues: typeof leaguesEn;
  leagueSetup: typeof leagueSetupEn;
  bounties: typeof bountiesEn;
  overlay: typeof overlayEn;
};

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
type WithoutPlural<K extends string> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
/** Every key of the English texts, plural suffixes removed (`t('control.pending', {count})`). */
export type TranslationKey = WithoutPlural<Leaves<Texts>>;
