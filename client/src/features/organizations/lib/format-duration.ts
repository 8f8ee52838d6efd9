const UNITS = [
  { seconds: 86_400, singular: 'day', plural: 'days' },
  { seconds: 3_600, singular: 'hour', plural: 'hours' },
  { seconds: 60, singular: 'minute', plural: 'minutes' },
  { seconds: 1, singular: 'second', plural: 'seconds' },
] as const;

/**
 * A duration as people say it, with its two largest units: '2 days 3 hours',
 * '45 minutes', '12 seconds'. Precision beyond that is noise for a median.
 */
export function formatDuration(totalSeconds: number): string {
  let remaining = Math.max(0, Math.round(totalSeconds));
  if (remaining === 0) return 'under a second';
  const parts: string[] = [];
  for (const unit of UNITS) {
    if (parts.length === 2) break;
    const count = Math.floor(remaining / unit.seconds);
    if (count > 0) {
      parts.push(`${count} ${count === 1 ? unit.singular : unit.plural}`);
      remaining -= count * unit.seconds;
    } else if (parts.length > 0) {
      // '2 days 5 minutes' reads as if hours were forgotten: stop at the first gap.
      break;
    }
  }
  return parts.join(' ');
}
