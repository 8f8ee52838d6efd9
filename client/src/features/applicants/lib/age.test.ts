import { describe, expect, it } from 'vitest';

import { breachesSla, formatAge } from './age';

const HOUR = 3_600_000;

describe('applicant age', () => {
  it('reads as minutes, hours, then days and hours', () => {
    expect(formatAge(12 * 60_000)).toBe('12 min');
    expect(formatAge(5 * HOUR + 59 * 60_000)).toBe('5 h');
    expect(formatAge(47 * HOUR)).toBe('47 h');
    expect(formatAge(3 * 24 * HOUR + 4 * HOUR)).toBe('3 d 4 h');
    expect(formatAge(2 * 24 * HOUR)).toBe('2 d');
  });

  it('breaches the SLA only while awaiting a decision, past its hours', () => {
    const now = Date.UTC(2026, 5, 10);
    const submittedAt = new Date(now - 25 * HOUR).toISOString();
    expect(breachesSla({ kycStatus: 'queued', submittedAt }, 24, now)).toBe(true);
    expect(breachesSla({ kycStatus: 'onHold', submittedAt }, 24, now)).toBe(true);
    expect(breachesSla({ kycStatus: 'queued', submittedAt }, 26, now)).toBe(false);
    expect(breachesSla({ kycStatus: 'queued', submittedAt }, null, now)).toBe(false);
    expect(breachesSla({ kycStatus: 'completed', submittedAt }, 24, now)).toBe(false);
    expect(breachesSla({ kycStatus: 'pending', submittedAt }, 24, now)).toBe(false);
    expect(breachesSla({ kycStatus: 'queued', submittedAt: null }, 24, now)).toBe(false);
  });
});
