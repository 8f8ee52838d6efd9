const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const pad = (n: number) => String(n).padStart(2, '0');

function valid(year: number, month?: number, day?: number): boolean {
  if (!(year >= 1850 && year <= 2100)) return false;
  if (month !== undefined && !(month >= 1 && month <= 12)) return false;
  if (day !== undefined && month !== undefined) {
    const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
    if (!(day >= 1 && day <= last)) return false;
  }
  return true;
}

function format(year: number, month?: number, day?: number): string | null {
  if (!valid(year, month, day)) return null;
  if (month === undefined) return String(year);
  if (day === undefined) return `${year}-${pad(month)}`;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * A date of birth as the lists write it — `1962-06-17`, `17 Jun 1962`, `Jun 1962`,
 * `1962`, `circa 1962`, `17/06/1962`, `00/00/1962` (UK: day and month unknown) — as
 * `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; null when it holds no usable date.
 * A range (`1960 to 1962`) gives its first year: the matcher compares years with a tolerance.
 */
export function parseListDate(text: string | null | undefined): string | null {
  if (!text) return null;
  const value = text.trim().replace(/^(circa|approximately|approx\.?|about|ca\.?)\s+/i, '');
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return format(+m[1], +m[2] || undefined, +m[3] || undefined);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (m) {
    const day = +m[1];
    const month = +m[2];
    return format(+m[3], month || undefined, month && day ? day : undefined);
  }
  m = /^(\d{1,2})\s+([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(value);
  if (m && MONTHS[m[2].slice(0, 3).toLowerCase()]) return format(+m[3], MONTHS[m[2].slice(0, 3).toLowerCase()], +m[1]);
  m = /^([A-Za-z]{3,9})\.?\s+(\d{4})$/.exec(value);
  if (m && MONTHS[m[1].slice(0, 3).toLowerCase()]) return format(+m[2], MONTHS[m[1].slice(0, 3).toLowerCase()]);
  m = /^(\d{4})(\s*(to|-|–)\s*\d{4})?$/.exec(value);
  if (m) return format(+m[1]);
  return null;
}

/** Distinct parsed dates, in first-seen order. */
export function parseListDates(texts: Iterable<string | null | undefined>): string[] {
  const dates = new Set<string>();
  for (const text of texts) {
    const date = parseListDate(text);
    if (date) dates.add(date);
  }
  return [...dates];
}
