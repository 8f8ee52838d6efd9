import { describe, expect, it } from 'vitest';

import { formatDuration } from './format-duration';

describe('formatDuration', () => {
  it('uses the two largest units', () => {
    expect(formatDuration(2 * 86_400 + 3 * 3_600 + 25 * 60)).toBe('2 days 3 hours');
    expect(formatDuration(3_600 + 30 * 60 + 10)).toBe('1 hour 30 minutes');
    expect(formatDuration(90)).toBe('1 minute 30 seconds');
  });

  it('says a single unit when that is all there is', () => {
    expect(formatDuration(45 * 60)).toBe('45 minutes');
    expect(formatDuration(12)).toBe('12 seconds');
    expect(formatDuration(86_400)).toBe('1 day');
  });

  it('does not skip a unit in the middle', () => {
    expect(formatDuration(2 * 86_400 + 5 * 60)).toBe('2 days');
  });

  it('rounds fractions and handles zero', () => {
    expect(formatDuration(59.6)).toBe('1 minute');
    expect(formatDuration(0)).toBe('under a second');
  });
});
