import { isIPv6 } from 'node:net';

/**
 * The part of a client's address that anti-automation limits count by. An IPv4 address
 * as it is (an IPv4-mapped IPv6 address as its IPv4); an IPv6 address by its /64 prefix,
 * the block one subscriber gets: counting whole addresses there, one machine walks
 * through 2^64 of them and is never limited.
 */
export function addressKey(ip: string | undefined): string {
  if (!ip) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  return `${expandIpv6(ip).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' filled in and leading zeros dropped (a zone id is ignored). */
function expandIpv6(ip: string): string[] {
  const [head, tail = ''] = ip.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((group) => (parseInt(group, 16) || 0).toString(16));
}
