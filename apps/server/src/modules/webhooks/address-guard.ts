import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * Server-side request forgery guard of webhook endpoints: a receiver must be a public address.
 * Refused: private (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7), link-local (169.254/16,
 * fe80::/10), loopback (127/8, ::1), unspecified (0.0.0.0/8, ::), multicast and broadcast. The
 * host is resolved and every address it resolves to is checked, when the endpoint is saved and
 * again before each delivery, which then connects to the very address checked (so a DNS answer
 * that changes in between cannot point a delivery inside the network).
 */
const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  blocked.addSubnet(prefix, bits, 'ipv6');

/** The IPv4 address embedded in an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:7f00:1). */
function mappedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return undefined;
}

/** Whether an IP address is private, link-local, loopback or otherwise not a public unicast address. */
export function isNonPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(address);
    if (v4) return blocked.check(v4, 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return true;
}

export interface ResolvedEndpoint {
  /** The address a delivery connects to (checked). */
  address: string;
  family: 4 | 6;
}

export class EndpointAddressError extends Error {
  override name = 'EndpointAddressError';
  constructor(
    message: string,
    readonly reason: 'non-public' | 'unresolvable',
  ) {
    super(message);
  }
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Resolves the endpoint's host and checks every address; throws EndpointAddressError when one is
 * not public (unless private addresses are allowed) or when the host does not resolve.
 */
export async function resolveEndpoint(
  url: URL,
  opts: { allowPrivate: boolean; messages: { publicAddress: string; unresolvable: string } },
): Promise<ResolvedEndpoint> {
  const host = hostOf(url);
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await dns.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new EndpointAddressError(opts.messages.unresolvable, 'unresolvable');
    }
  }
  if (addresses.length === 0) throw new EndpointAddressError(opts.messages.unresolvable, 'unresolvable');
  if (!opts.allowPrivate && addresses.some((a) => isNonPublicAddress(a.address)))
    throw new EndpointAddressError(opts.messages.publicAddress, 'non-public');
  const first = addresses[0]!;
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}
