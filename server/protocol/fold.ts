/**
 * Names compared as a person reads them: case- and accent-insensitive ("Đurđević" is found by
 * "durd", "Müller" by "mull", "Søren" by "soren"). One function for the server's searches (the
 * seat lookup, the venue's players) and the phone's own matching of a pasted list.
 */
export function foldName(s: string): string {
  return s.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').replace(/ø/g, 'o').replace(/Ø/g, 'O').replace(/æ/g, 'ae').replace(/Æ/g, 'AE').toLowerCase().trim();
}
