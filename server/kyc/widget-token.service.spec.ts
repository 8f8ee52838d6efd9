import { Clock } from '../common/clock.js';
import type { AppConfig } from '../config/config.module.js';
import { WidgetTokenService } from './widget-token.service.js';

const CLAIMS = { applicantId: 'a1', organizationId: 'o1', userId: 'customer-1', sid: 's1', gen: 1, scope: 'edit' as const };

describe('widget tokens', () => {
  const tokens = new WidgetTokenService({ appSecret: 'x'.repeat(48) } as AppConfig, new Clock());
  const { token } = tokens.issue(CLAIMS);

  it('answer the claims of a genuine token', () => {
    expect(tokens.verify(token)).toMatchObject(CLAIMS);
  });

  it('are parsed strictly: anything appended or mixed in is refused (security review, low)', () => {
    for (const altered of [
      `${token}.x`,
      `${token}.`,
      `${token} `,
      `${token}=`,
      token.replace('.', '..'),
      token.replace('.', '.!'),
      `${token.slice(0, 12)}\n${token.slice(12)}`,
    ]) {
      expect([altered, tokens.verify(altered)]).toEqual([altered, null]);
    }
  });

  it('are refused when signed by another secret, or expired', () => {
    const other = new WidgetTokenService({ appSecret: 'y'.repeat(48) } as AppConfig, new Clock());
    expect(other.verify(token)).toBeNull();
    const past = new Clock();
    past.now = () => new Date(Date.now() - 60 * 60 * 1000);
    expect(tokens.verify(new WidgetTokenService({ appSecret: 'x'.repeat(48) } as AppConfig, past).issue(CLAIMS).token)).toBeNull();
  });
});
