/** Money on screens: cents from the server, shown in the tournament's currency and language. */
const cache = new Map<string, Intl.NumberFormat>();

/** "€1,234" / "€ 1.234,50": whole amounts without cents, others with them. */
export function formatMoney(lang: string, cents: number, currency: string): string {
  const whole = cents % 100 === 0;
  const key = `${lang}|${currency}|${whole}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.NumberFormat(lang, { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 });
    cache.set(key, format);
  }
  return format.format(cents / 100);
}
