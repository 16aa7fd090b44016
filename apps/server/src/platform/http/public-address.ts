import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where the portal may send a request it is told to send (a customer's webhook receiver, a carrier's DCSA
 * API): a public server. An address that is loopback, private (RFC 1918, fc00::/7), carrier-grade NAT
 * (100.64/10), link-local, unspecified, multicast or any other special range would let an administrator aim
 * the portal at its own network (the database port, cloud metadata). Only ipaddr.js's "unicast" range is
 * allowed, unless the policy's allow-list (a setting such as WEBHOOK_ALLOW_PRIVATE or
 * CARRIER_LINK_ALLOW_PRIVATE) names the address (CIDR or address) or the host name, for deployments whose
 * receivers are internal (and the demo and tests, whose stand-ins listen on 127.0.0.1).
 *
 * Moved here from modules/webhook (issue 42) so the webhook delivery and the carrier connection use one rule;
 * each keeps its own allow-list.
 */
export class PublicAddressPolicy {
  private cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  private hosts = new Set<string>();

  /** Sets the allow-list (comma-split entries of the setting). */
  configure(entries: readonly string[]) {
    const cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
    const hosts = new Set<string>();
    for (const raw of entries) {
      const e = raw.trim().replace(/^\[|\]$/g, '');
      if (!e) continue;
      if (e.includes('/')) cidrs.push(ipaddr.parseCIDR(e));
      else if (ipaddr.isValid(e)) {
        const a = ipaddr.process(e);
        cidrs.push([a, a.kind() === 'ipv4' ? 32 : 128]);
      } else hosts.add(e.toLowerCase());
    }
    this.cidrs = cidrs;
    this.hosts = hosts;
  }

  /** True when the address is public unicast, or on the allow-list. */
  isAllowedAddress(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const a = ipaddr.process(address);
    if (a.range() === 'unicast') return true;
    return this.cidrs.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
  }

  /**
   * Resolves the URL's host (every address it has) and checks each: one address that is not allowed refuses
   * the whole host (a name answering both a public and an internal address must not reach the internal one).
   * Answers the first address, which the caller connects to without a second lookup.
   */
  async resolve(rawUrl: string): Promise<PublicTarget> {
    const url = new URL(rawUrl);
    const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
    let addresses: { address: string; family: number }[];
    if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
    else {
      try {
        addresses = await lookup(host, { all: true, verbatim: true });
      } catch {
        throw new PublicAddressError('not_found');
      }
    }
    if (!addresses.length) throw new PublicAddressError('not_found');
    const hostAllowed = this.hosts.has(host);
    if (!hostAllowed && !addresses.every((a) => this.isAllowedAddress(a.address)))
      throw new PublicAddressError('not_allowed');
    const first = addresses[0];
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }
}

/** A receiver's host resolved and checked: the one address to connect to. */
export interface PublicTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a receiver cannot be used: no such host, or an address that is not allowed. */
export class PublicAddressError extends Error {
  constructor(readonly reason: 'not_found' | 'not_allowed') {
    super(reason === 'not_found' ? 'host not found' : 'address not allowed');
  }
}

/**
 * The `lookup` option of http(s).request that answers exactly the checked address, whatever the resolver
 * would answer now (TLS still checks the host name): no second lookup can swap in an internal address.
 */
export function pinnedLookup(target: PublicTarget) {
  return (
    _host: string,
    opts: { all?: boolean },
    cb: (...args: [Error | null, string | { address: string; family: number }[], number?]) => void,
  ) => {
    if (opts.all) cb(null, [{ address: target.address, family: target.family }]);
    else cb(null, target.address, target.family);
  };
}
