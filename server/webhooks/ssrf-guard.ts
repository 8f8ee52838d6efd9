import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** A webhook target that must not be called (private, loopback, metadata …) or cannot be resolved. */
export class WebhookTargetError extends Error {}

export const NOT_PUBLIC_MESSAGE = 'Webhook URL must point to a public address';
export const UNRESOLVABLE_MESSAGE = 'Webhook URL host name could not be resolved';
export const INVALID_URL_MESSAGE = 'Webhook URL is not a valid http(s) URL';

/** Global unicast (2000::/3): the only IPv6 space allocated for the public internet. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** The well-known NAT64 prefix (RFC 6052): the last 32 bits are the IPv4 address really reached. */
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');

/** The IPv4 address in the last 32 bits of an IPv6 address (mapped, translated, NAT64 forms). */
function lastIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [high, low] = address.parts.slice(6);
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/** The IPv4 address a 6to4 address (2002:AABB:CCDD::/48, RFC 3056) tunnels to. */
function sixToFourIpv4(address: ipaddr.IPv6): ipaddr.IPv4 {
  const [, high, low] = address.parts;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * Classification by ipaddr.js's `range()` (the IANA IPv4 and IPv6 special-purpose
 * registries, maintained upstream): only `unicast` may be called. Forms that carry an
 * IPv4 address — IPv4-mapped (::ffff:0:0/96), IPv4-translated (::ffff:0:0:0/96), the
 * well-known NAT64 prefix (64:ff9b::/96) and 6to4 (2002::/16) — are judged by that
 * IPv4 address. The local-use NAT64 prefix (64:ff9b:1::/48), Teredo (2001::/32) and
 * every other special block are refused outright; IPv6 must also be global unicast
 * (2000::/3), which rules out the deprecated IPv4-compatible ::/96 and unallocated space.
 */
function isPublicIp(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return isPublicIp(lastIpv4(v6));
    case 'rfc6052':
      return v6.match(NAT64_WELL_KNOWN) && isPublicIp(lastIpv4(v6));
    case '6to4':
      return isPublicIp(sixToFourIpv4(v6));
    case 'unicast':
      return v6.match(GLOBAL_UNICAST_V6);
    default:
      return false;
  }
}

/** True when the address may be called: a unicast address on the public internet. */
export function isPublicAddress(address: string): boolean {
  // Node's own parser decides what is an address at all (no octal/hex IPv4 shorthands);
  // a zone id (fe80::1%eth0) is only ever attached to link-local addresses.
  const bare = address.split('%')[0];
  const family = isIP(bare);
  if (family === 0) return false;
  try {
    // ipaddr.js reads any dotted IPv6 tail as IPv4-mapped (`::8.8.8.8` would become
    // ::ffff:8.8.8.8): the WHATWG serializer first writes the address in plain hex groups.
    const canonical = family === 6 ? new URL(`http://[${bare}]/`).hostname.slice(1, -1) : bare;
    return isPublicIp(ipaddr.parse(canonical));
  } catch {
    return false;
  }
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
 * The URL a webhook is sent to, as the sender will read it: http(s) only. Anything the
 * WHATWG parser refuses (an IPv6 zone id such as `[fe80::1%25eth0]`, a bad port …) is
 * an invalid target, not an exception.
 */
export function parseWebhookUrl(url: string): URL {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new WebhookTargetError(INVALID_URL_MESSAGE);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new WebhookTargetError(INVALID_URL_MESSAGE);
  return parsed;
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
  const parsed = parseWebhookUrl(url);
  if (allowPrivate) return;
  await resolveWebhookHost(urlHost(parsed), false);
}
