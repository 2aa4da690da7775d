/**
 * A player's on-air name: the short name the stream falls back to when his full name does not
 * fit a graphic even at its smallest allowed size. The producer or the TD sets it
 * (`player.onAirName`, e.g. "J-B Lefèvre"); without one, the rule below makes it.
 * Shared by the overlays and the producer's phone (no Node imports).
 */

/** Characters of an on-air name at most. */
export const ON_AIR_NAME_MAX = 30;

/** The first letter of a word, whole (a letter with its combining marks: "Å", "Ø"). */
function initial(word: string): string {
  const first = /^\P{M}\p{M}*/u.exec(word)?.[0] ?? '';
  return first.toLocaleUpperCase();
}

/**
 * The rule: first initial and surname ("Jean Moreau" → "J. Moreau"); a hyphenated first name
 * keeps an initial per part, as the French write it ("Jean-Baptiste Lefèvre" → "J-B Lefèvre");
 * everything after the first name is the surname ("Anne-Sophie Van Der Berghe" → "A-S Van Der
 * Berghe"). A name of one word stays as it is.
 */
export function defaultOnAirName(name: string): string {
  const words = name.trim().split(/\s+/u);
  if (words.length < 2) return name.trim();
  const [first, ...rest] = words;
  const parts = first!.split('-').filter((p) => p !== '');
  const initials = parts.length > 1 ? parts.map(initial).join('-') : `${initial(first!)}.`;
  return `${initials} ${rest.join(' ')}`;
}

/** What a graphic falls back to: the name the producer set, else the rule's. */
export function onAirNameOf(player: { name: string; onAirName?: string }): string {
  return player.onAirName ?? defaultOnAirName(player.name);
}
