/**
 * The documented scenes of docs/OVERLAYS.md "Layout": the overlays a producer puts on air
 * together. No two of one scene may cover each other (test/browser/overlays-layout.test.ts),
 * and scripts/overlay-shots.ts lays them over one another for the docs.
 */
import type { OverlayKind } from '../../server/protocol/stream.js';

export const SCENES: Record<'final-table' | 'feature-table' | 'break', readonly OverlayKind[]> = {
  'final-table': ['clock', 'alerts', 'player-clock', 'payouts', 'lower-third', 'table', 'ticker'],
  'feature-table': ['clock', 'alerts', 'player-clock', 'leaderboard', 'table', 'ticker'],
  break: ['scene', 'ticker'],
};

/** Title-safe on the 1920×1080 stage: 5% of each side. */
export const TITLE_SAFE = { left: 96, top: 54, right: 1920 - 96, bottom: 1080 - 54 } as const;

/** Ten names of exactly 40 characters: spaces, hyphens, one 40-letter word, diacritics of hr/da/de. */
export const NAMES_40 = [
  'Jean-Baptiste Moreau-Lefebvre de la Tour',
  'Oosterhuisvandenberghejansenbakkervriesx',
  'Ivana Kovačević-Horvatinčić Đurđević Žic',
  'Søren Kierkegaard Østergaard-Æbeløhøjsen',
  'Maximiliane Schönberger-Großmann Weißbau',
  'Wilhelmina van Oranje-Nassau tot Bergen1',
  'Aleksandar Miletić Petrović Stojanović J',
  'Christoffer Bødtcher-Hansen Lindqvistsen',
  'Anna Maria Theresia von und zu Liechtens',
  'Dragomir Stanislavović-Radovanović Peter',
] as const;
for (const n of NAMES_40) if ([...n].length !== 40) throw new Error(`not 40 characters: ${n}`);

/**
 * The ten longest real names of the stream tests (the names test of docs/OVERLAYS.md "Names"):
 * hyphens, particles, a surname with a descender on a plate's second line ("Castiglione",
 * "Häggström") and the ring of "Å" and the stroke of "Ø" at the top and through the line.
 */
export const LONG_NAMES = [
  'Anne-Sophie Van Der Berghe-Hoogenboom',
  'Jean-Baptiste Moreau-Lefebvre',
  'Maximilian Schwarzenegger-Habsburg',
  'Ivana Kovačević-Horvatinčić',
  'Dragomir Stanislavović-Radovanović',
  'Søren Kierkegaard Østergaard',
  'Wilhelmina van Oranje-Nassau',
  'Giancarlo Castiglione',
  'Fredrik Häggström',
  'Åsa Øvergård',
] as const;

/**
 * Of LONG_NAMES, those whose rule-made on-air name still does not fit a plate of a table of 10
 * (137-146 px, two lines at 28 px): cut on the plates until the producer sets a shorter one, and
 * flagged on the phone beforehand. The overlay test finds them drawn cut, the phone test flagged.
 */
export const CUT_AT_TEN = ['Anne-Sophie Van Der Berghe-Hoogenboom', 'Maximilian Schwarzenegger-Habsburg', 'Dragomir Stanislavović-Radovanović', 'Søren Kierkegaard Østergaard', 'Wilhelmina van Oranje-Nassau'] as const;
