import { assertWebhookUrlAllowed, isPublicAddress, parseWebhookUrl, resolveWebhookHost } from './ssrf-guard.js';

describe('the webhook SSRF guard', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '::',
    '::1',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::a9fe:a9fe', // NAT64 of 169.254.169.254
    '2002:7f00:1::1', // 6to4 of 127.0.0.1
    'not-an-address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // Every IPv4 special-purpose block (IANA registry), by its first and last address.
  it.each([
    ['0.0.0.0/8 this network', '0.255.255.255'],
    ['192.0.0.0/24 IETF protocol assignments', '192.0.0.9'],
    ['192.0.2.0/24 TEST-NET-1', '192.0.2.1'],
    ['192.31.196.0/24 AS112', '192.31.196.1'],
    ['192.52.193.0/24 AMT', '192.52.193.1'],
    ['192.88.99.0/24 6to4 relay anycast', '192.88.99.1'],
    ['192.175.48.0/24 AS112 direct delegation', '192.175.48.1'],
    ['198.18.0.0/15 benchmarking', '198.19.255.255'],
    ['198.51.100.0/24 TEST-NET-2', '198.51.100.7'],
    ['203.0.113.0/24 TEST-NET-3', '203.0.113.7'],
    ['240.0.0.0/4 reserved', '250.1.2.3'],
    ['100.64.0.0/10 shared address space', '100.127.255.255'],
    ['127.0.0.0/8 loopback', '127.255.255.254'],
    ['172.16.0.0/12 private', '172.16.0.1'],
  ])('refuses IPv4 %s (%s)', (_block, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  // Every IPv6 special-purpose block, and every form that carries an IPv4 address inside.
  it.each([
    ['::ffff:0:0/96 IPv4-mapped 192.168.1.1', '::ffff:192.168.1.1'],
    ['::ffff:0:0/96 IPv4-mapped 0.0.0.0, hex form', '::ffff:0:0'],
    ['::ffff:0:0:0/96 IPv4-translated (SIIT) of 10.0.0.1', '::ffff:0:a00:1'],
    ['::/96 deprecated IPv4-compatible', '::10.0.0.1'],
    ['::/96 deprecated IPv4-compatible, public IPv4', '::8.8.8.8'],
    ['64:ff9b::/96 NAT64 of 127.0.0.1', '64:ff9b::7f00:1'],
    ['64:ff9b::/96 NAT64 of 10.1.2.3, dotted', '64:ff9b::10.1.2.3'],
    ['64:ff9b:1::/48 local-use NAT64', '64:ff9b:1::808:808'],
    ['64:ff9b:1::/48 local-use NAT64, deep inside', '64:ff9b:1:ffff:ffff:ffff:ffff:ffff'],
    ['2002::/16 6to4 of 10.0.0.1', '2002:a00:1::1'],
    ['2002::/16 6to4 of 169.254.169.254', '2002:a9fe:a9fe::1'],
    ['2001::/32 Teredo', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['2001::/23 IETF protocol assignments', '2001:1::1'],
    ['2001:2::/48 benchmarking', '2001:2::1'],
    ['2001:db8::/32 documentation', '2001:db8::1'],
    ['3fff::/20 documentation', '3fff::1'],
    ['2001:10::/28 ORCHID', '2001:10::1'],
    ['2001:20::/28 ORCHIDv2', '2001:20::1'],
    ['100::/64 discard-only', '100::1'],
    ['5f00::/16 segment routing', '5f00::1'],
    ['fec0::/10 site-local', 'fec0::1'],
    ['fe80::/10 link-local with a zone id', 'fe80::1%eth0'],
    ['outside 2000::/3 (unallocated)', '4000::1'],
  ])('refuses IPv6 %s (%s)', (_block, address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['0x7f.1', '017700000001', '2130706433', '127.1', '::ffff:127.0.0.1.1', ''])('refuses %j, which is not an address in canonical form', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1'])(
    'allows the public address %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  it('refuses a host name that resolves to a private address, unless private targets are allowed', async () => {
    await expect(resolveWebhookHost('localhost', false)).rejects.toThrow('Webhook URL must point to a public address');
    await expect(resolveWebhookHost('localhost', true)).resolves.toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]),
    );
  });

  it('refuses URLs the sender could not read, with a message instead of an exception', async () => {
    expect(() => parseWebhookUrl('http://[fe80::1%25eth0]/')).toThrow('Webhook URL is not a valid http(s) URL');
    expect(() => parseWebhookUrl('ftp://example.com/')).toThrow('Webhook URL is not a valid http(s) URL');
    await expect(assertWebhookUrlAllowed('http://[fe80::1%25eth0]/', true)).rejects.toThrow('not a valid http(s) URL');
    await expect(assertWebhookUrlAllowed('http://[::ffff:a9fe:a9fe]/', false)).rejects.toThrow('public address');
    await expect(assertWebhookUrlAllowed('http://[64:ff9b:1::a00:1]/', false)).rejects.toThrow('public address');
  });
});
