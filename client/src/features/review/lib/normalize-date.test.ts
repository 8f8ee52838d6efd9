import { describe, expect, it } from 'vitest';

import { normalizeDate } from './normalize-date';

describe('normalizeDate (edit form prefill, spec §5)', () => {
  it('keeps YYYY-MM-DD as it is', () => {
    expect(normalizeDate('1990-04-21')).toBe('1990-04-21');
    expect(normalizeDate('2031-12-01')).toBe('2031-12-01');
  });

  it('converts DD/MM/YYYY', () => {
    expect(normalizeDate('21/04/1990')).toBe('1990-04-21');
    expect(normalizeDate('01/12/2031')).toBe('2031-12-01');
  });

  it('converts DD-MM-YYYY', () => {
    expect(normalizeDate('21-04-1990')).toBe('1990-04-21');
  });

  it('reads the day first, as documents write it, and accepts one-digit parts', () => {
    expect(normalizeDate('03/04/2001')).toBe('2001-04-03');
    expect(normalizeDate('3/4/2001')).toBe('2001-04-03');
  });

  it('converts other dates the browser can parse', () => {
    expect(normalizeDate('April 21, 1990')).toBe('1990-04-21');
    expect(normalizeDate('21 Apr 1990')).toBe('1990-04-21');
    expect(normalizeDate('1990/04/21')).toBe('1990-04-21');
  });

  it('takes the calendar day of a timestamp without a time-zone shift', () => {
    expect(normalizeDate('1990-04-21T00:00:00.000Z')).toBe('1990-04-21');
    expect(normalizeDate('1990-04-21T23:30:00-05:00')).toBe('1990-04-21');
  });

  it('empties what cannot be parsed', () => {
    expect(normalizeDate('not a date')).toBe('');
    expect(normalizeDate('31/02/1990')).toBe('');
    expect(normalizeDate('21/13/1990')).toBe('');
    expect(normalizeDate('soon')).toBe('');
  });

  it('empties absent values', () => {
    expect(normalizeDate('')).toBe('');
    expect(normalizeDate('   ')).toBe('');
    expect(normalizeDate(null)).toBe('');
    expect(normalizeDate(undefined)).toBe('');
  });

  it('trims surrounding spaces', () => {
    expect(normalizeDate(' 1990-04-21 ')).toBe('1990-04-21');
  });
});
