import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { TrustProxy } from '../config';

/** What requests without a socket (app.request() in tests) count as: one shared client. */
export const UNKNOWN_CLIENT = 'unknown-client';

/**
 * One address as a socket or a proxy writes it: `::ffff:10.0.0.1` is 10.0.0.1 seen on an IPv6 socket,
 * and a port some proxies append (`10.0.0.1:4711`, `[2001:db8::1]:4711`) is dropped, or a client
 * would be a new one with every connection.
 */
const plain = (address: string) =>
  address
    .replace(/^\[([^\]]+)\](?::\d+)?$/, '$1')
    .replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, '$1')
    .replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function socketAddress(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? UNKNOWN_CLIENT;
  } catch {
    return UNKNOWN_CLIENT;
  }
}

const blockLists = new WeakMap<string[], BlockList>();
function trustedList(addresses: string[]): BlockList {
  let list = blockLists.get(addresses);
  if (!list) {
    list = new BlockList();
    for (const entry of addresses) {
      const [address = '', bits] = entry.split('/');
      const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, type);
      else list.addSubnet(address, Number(bits), type);
    }
    blockLists.set(addresses, list);
  }
  return list;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address. The chain is every `X-Forwarded-For` entry followed by the socket's peer; each
 * proxy appends the address it saw, so only the right end is written by proxies we run and anything to
 * its left may be forged by the client. The client is the right-most address that no trusted proxy
 * added: with `hops` N, the entry N places left of the peer; with `addresses`, the first from the right
 * that is not a listed proxy.
 */
export function clientAddress(c: Context, trust: TrustProxy): string {
  const peer = plain(socketAddress(c));
  if (trust.kind === 'none') return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => plain(entry.trim()))
    .filter((entry) => entry !== '');
  const chain = [...forwarded, peer];
  if (trust.kind === 'hops') return chain[Math.max(0, chain.length - 1 - trust.hops)] as string;
  const list = trustedList(trust.addresses);
  for (let i = chain.length - 1; i > 0; i--) {
    const address = chain[i] as string;
    if (!isTrusted(list, address)) return address;
  }
  return chain[0] as string;
}

/** The 16-bit groups of an IPv6 address, `::` expanded and an IPv4 tail as two groups. */
function ipv6Groups(address: string): number[] {
  const [head = '', tail] = address.replace(/%.*$/, '').split('::');
  const groupsOf = (part: string) =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [Number.parseInt(group, 16)];
          const [a = 0, b = 0, c = 0, d = 0] = group.split('.').map(Number);
          return [a * 256 + b, c * 256 + d];
        });
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

/**
 * The client as rate limits count it: its IPv4 address, or its IPv6 /64. One home or phone holds a
 * whole /64, so counting single IPv6 addresses would give an attacker billions of fresh budgets.
 */
export function clientIp(c: Context, trust: TrustProxy): string {
  const address = clientAddress(c, trust);
  if (isIP(address) !== 6) return address;
  return `${ipv6Groups(address)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
