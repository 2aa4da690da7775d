/** League points as the standings show them: to the hundredth, as they are rounded (docs/LEAGUES.md), in the page's language. */
const formats = new Map<string, Intl.NumberFormat>();

export function formatPoints(lang: string, points: number): string {
  let format = formats.get(lang);
  if (!format) formats.set(lang, (format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 })));
  return format.format(points);
}
