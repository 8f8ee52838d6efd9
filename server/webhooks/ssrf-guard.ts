import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** A webhook target that must not be called (private, loopback, metadata …) or cannot be resolved. */
export class WebhookTargetError extends Error {}

export const NOT_PUBLIC_MESSAGE = 'Webhook URL must point to a public address';
export const UNRESOLVABLE_MESSAGE = 'Webhook URL host name could not be resolved';

/**
 * Address ranges a webhook may never reach: "this network"/unspecified, private,
 * carrier-grade NAT, loopback, link-local (including the cloud metadata address
 * 169.254.169.254 and fd00:ec2::254), protocol/benchmark/reserved ranges, multicast
 * and broadcast. IPv4-mapped IPv6 addresses are matched against the IPv4 list by
 * BlockList itself; NAT64 and 6to4 addresses are unwrapped below.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::', 96], // deprecated IPv4-compatible addresses
  ['100::', 64], // discard-only
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (includes AWS's fd00:ec2::254 metadata address)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local
  ['ff00::', 8], // multicast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (with any dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = text.slice(0, -dotted[1].length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/** True when the address may be called: a unicast address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !BLOCKED.check(address, 'ipv4');
  if (family !== 6) return false;
  if (BLOCKED.check(address, 'ipv6')) return false;
  const groups = ipv6Groups(address);
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that is what is really reached.
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0)) {
    return isPublicAddress(ipv4FromGroups(groups[6], groups[7]));
  }
  if (groups[0] === 0x2002) return isPublicAddress(ipv4FromGroups(groups[1], groups[2]));
  return true;
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** The host part of a URL as an address or DNS name (`[::1]` → `::1`). */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Resolves a host name to every address it has and checks each one. Unless private
 * targets are allowed, one non-public address is enough to refuse: a name that
 * resolves to a mix is a rebinding setup, not an accident.
 */
export async function resolveWebhookHost(host: string, allowPrivate: boolean): Promise<ResolvedAddress[]> {
  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family !== 0) {
    addresses = [{ address: host, family: family as 4 | 6 }];
  } else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
        address: entry.address,
        family: entry.family as 4 | 6,
      }));
    } catch {
      throw new WebhookTargetError(UNRESOLVABLE_MESSAGE);
    }
    if (addresses.length === 0) throw new WebhookTargetError(UNRESOLVABLE_MESSAGE);
  }
  if (!allowPrivate && addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new WebhookTargetError(NOT_PUBLIC_MESSAGE);
  }
  return addresses;
}

/** Save-time check of a webhook URL; throws WebhookTargetError with the message to show. */
export async function assertWebhookUrlAllowed(url: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  await resolveWebhookHost(urlHost(new URL(url)), false);
}
