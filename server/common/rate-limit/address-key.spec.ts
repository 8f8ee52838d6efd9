import { addressKey } from './address-key.js';

describe('addressKey: what anti-automation limits count by (security review, low)', () => {
  it('counts an IPv6 address by its /64, however its last 64 bits vary or it is written', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0:0:0:abcd', '2001:DB8:1:2::dead:beef'].map(addressKey);
    expect(new Set(keys)).toEqual(new Set(['2001:db8:1:2::/64']));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(keys[0]);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps IPv4 as it is, IPv4-mapped IPv6 too', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey(undefined)).toBe('unknown');
  });
});
