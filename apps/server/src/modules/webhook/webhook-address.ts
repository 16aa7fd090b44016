import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may be sent. A receiver is a customer's public server: an address that is loopback,
 * private (RFC 1918, fc00::/7), carrier-grade NAT (100.64/10), link-local, unspecified, multicast or any
 * other special range would let an administrator aim the portal at its own network (the database port,
 * cloud metadata). Only ipaddr.js's "unicast" range is allowed, unless WEBHOOK_ALLOW_PRIVATE lists the
 * address (CIDR or address) or the host name, for deployments whose receivers are internal.
 */
let allowList: { cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][]; hosts: Set<string> } = {
  cidrs: [],
  hosts: new Set(),
};

/** Sets the WEBHOOK_ALLOW_PRIVATE list (from configuration, when the routes are registered). */
export function configureWebhookAllowList(entries: readonly string[]) {
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
  allowList = { cidrs, hosts };
}

/** True when the address is public unicast, or allowed by WEBHOOK_ALLOW_PRIVATE. */
export function isAllowedAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const a = ipaddr.process(address);
  if (a.range() === 'unicast') return true;
  return allowList.cidrs.some(([net, bits]) => net.kind() === a.kind() && a.match(net, bits));
}

/** A receiver's host resolved and checked: the one address to connect to. */
export interface WebhookTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a receiver cannot be used: no such host, or an address that is not allowed. */
export class WebhookAddressError extends Error {
  constructor(readonly reason: 'not_found' | 'not_allowed') {
    super(reason === 'not_found' ? 'host not found' : 'address not allowed');
  }
}

/**
 * Resolves the URL's host (every address it has) and checks each: one address that is not allowed refuses
 * the whole host (a name answering both a public and an internal address must not reach the internal one).
 * Answers the first address, which the caller connects to without a second lookup.
 */
export async function resolveWebhookTarget(rawUrl: string): Promise<WebhookTarget> {
  const url = new URL(rawUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  let addresses: { address: string; family: number }[];
  if (ipaddr.isValid(host)) addresses = [{ address: host, family: host.includes(':') ? 6 : 4 }];
  else {
    try {
      addresses = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookAddressError('not_found');
    }
  }
  if (!addresses.length) throw new WebhookAddressError('not_found');
  const hostAllowed = allowList.hosts.has(host);
  if (!hostAllowed && !addresses.every((a) => isAllowedAddress(a.address)))
    throw new WebhookAddressError('not_allowed');
  const first = addresses[0];
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}
