const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T/;
const DAY_MONTH_YEAR = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** YYYY-MM-DD for a real calendar date, else ''. */
function calendarDate(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : '';
}

/**
 * Prefill for a date picker (spec §5), which only accepts YYYY-MM-DD: that form is
 * kept; DD/MM/YYYY and DD-MM-YYYY (the documents' own order) are converted; any
 * other date the browser can parse is converted; anything else becomes empty.
 */
export function normalizeDate(value: string | null | undefined): string {
  const text = value?.trim() ?? '';
  if (text === '') return '';
  if (ISO_DATE.test(text)) return text;

  // A timestamp names its calendar day in its first ten characters; parsing it
  // would shift the day in time zones west of UTC.
  const dateTime = ISO_DATE_TIME.exec(text);
  if (dateTime && !Number.isNaN(Date.parse(text))) return dateTime[1];

  const dayFirst = DAY_MONTH_YEAR.exec(text);
  if (dayFirst) return calendarDate(Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1]));

  const parsed = new Date(text);
  if (Number.isNaN(parsed.getTime())) return '';
  return calendarDate(parsed.getFullYear(), parsed.getMonth() + 1, parsed.getDate());
}
