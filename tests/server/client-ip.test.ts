import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { parseTrustProxy, type TrustProxy } from '../../server/config';
import { clientAddress, clientIp, UNKNOWN_CLIENT } from '../../server/http/client-ip';

/** What the client address is for a request from `peer` (the socket) carrying `forwarded` as X-Forwarded-For. */
async function addressOf(
  trust: TrustProxy,
  peer: string | undefined,
  forwarded?: string,
  pick: typeof clientAddress = clientAddress,
): Promise<string> {
  const app = new Hono();
  app.get('/ip', (c) => c.text(pick(c, trust)));
  // @hono/node-server's getConnInfo reads the socket from the bindings; app.request() has none of its own.
  const bindings = peer === undefined ? undefined : { incoming: { socket: { remoteAddress: peer } } };
  const res = await app.request('/ip', { headers: forwarded ? { 'X-Forwarded-For': forwarded } : {} }, bindings);
  return res.text();
}

const trust = (raw: string) => parseTrustProxy(raw) as TrustProxy;

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    expect(await addressOf(trust('false'), '198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    expect(await addressOf(trust('0'), '198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    expect(await addressOf(trust('false'), '::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(await addressOf(trust('false'), '2001:db8::4')).toBe('2001:db8::4');
  });

  it('with one hop, is the address the proxy appended; entries the client wrote to its left never win', async () => {
    const one = trust('1');
    expect(await addressOf(one, '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    // A client that sends its own header: nginx's $proxy_add_x_forwarded_for appends the real address.
    expect(await addressOf(one, '10.0.0.2', '1.1.1.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf(one, '10.0.0.2', '1.1.1.1, 2.2.2.2,,203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf(trust('true'), '10.0.0.2', 'forged, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf(one, '::ffff:10.0.0.2', '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('drops the port some proxies write after the address, so a new connection is not a new client', async () => {
    expect(await addressOf(trust('1'), '10.0.0.2', '203.0.113.9:51234')).toBe('203.0.113.9');
    expect(await addressOf(trust('1'), '10.0.0.2', '[2001:db8::9]:51234')).toBe('2001:db8::9');
    expect(await addressOf(trust('10.0.0.0/8'), '10.0.0.3', '203.0.113.9:1, 10.0.0.2:2')).toBe('203.0.113.9');
  });

  it('with two hops, skips both proxies’ entries', async () => {
    const two = trust('2');
    expect(await addressOf(two, '10.0.0.3', '1.1.1.1, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    expect(await addressOf(two, '10.0.0.3', '2001:db8::9, 10.0.0.2')).toBe('2001:db8::9');
  });

  it('with more hops than entries, is the left-most address there is (every entry came from a proxy)', async () => {
    expect(await addressOf(trust('2'), '10.0.0.2', '203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf(trust('1'), '198.51.100.4')).toBe('198.51.100.4');
  });

  it('with listed proxies, is the right-most address that is not one of them', async () => {
    const listed = trust('10.0.0.2, 10.0.0.3');
    expect(await addressOf(listed, '10.0.0.3', '1.1.1.1, 203.0.113.9, 10.0.0.2')).toBe('203.0.113.9');
    // A peer that is not a listed proxy is the client itself: its header is not believed.
    expect(await addressOf(listed, '198.51.100.4', '203.0.113.9')).toBe('198.51.100.4');
    // A forged entry that names a trusted proxy does not make the client's own address disappear.
    expect(await addressOf(listed, '10.0.0.3', '10.0.0.2, 203.0.113.9')).toBe('203.0.113.9');
  });

  it('with CIDR ranges, IPv4 and IPv6, and IPv4-mapped peers', async () => {
    const ranges = trust('10.0.0.0/8, fd00::/8');
    expect(await addressOf(ranges, '10.9.8.7', '203.0.113.9, 10.1.1.1')).toBe('203.0.113.9');
    expect(await addressOf(ranges, '::ffff:10.9.8.7', 'forged, 203.0.113.9')).toBe('203.0.113.9');
    expect(await addressOf(ranges, 'fd00::2', '2001:db8::9, fd12::1')).toBe('2001:db8::9');
    expect(await addressOf(ranges, 'fd00::2', '::ffff:203.0.113.9')).toBe('203.0.113.9');
    // Outside the ranges the peer is the client.
    expect(await addressOf(ranges, '11.0.0.1', '203.0.113.9')).toBe('11.0.0.1');
    expect(await addressOf(ranges, '2001:db8::1', '203.0.113.9')).toBe('2001:db8::1');
    // An IPv4 proxy range also covers the same proxy seen on an IPv6 socket, and the other way round.
    expect(await addressOf(trust('::ffff:10.0.0.0/104'), '10.0.0.5', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('when every address is a trusted proxy, is the left-most one', async () => {
    expect(await addressOf(trust('10.0.0.0/8'), '10.0.0.3', '10.0.0.1, 10.0.0.2')).toBe('10.0.0.1');
  });

  it('without X-Forwarded-For behind a trusted proxy, is the peer', async () => {
    expect(await addressOf(trust('10.0.0.0/8'), '10.0.0.3')).toBe('10.0.0.3');
  });

  it('counts a request without a socket (app.request() in tests) as one shared client', async () => {
    expect(await addressOf(trust('false'), undefined)).toBe(UNKNOWN_CLIENT);
  });
});

describe('clientIp (the client as rate limits count it)', () => {
  const keyOf = (peer: string, forwarded?: string) => addressOf(trust('1'), peer, forwarded, clientIp);

  it('is the IPv4 address as it is, a mapped one included', async () => {
    expect(await keyOf('10.0.0.2', 'forged, 203.0.113.9')).toBe('203.0.113.9');
    expect(await keyOf('10.0.0.2', '::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('is the /64 of an IPv6 address, however it is written, so that a home’s addresses share one budget', async () => {
    expect(await keyOf('10.0.0.2', '2001:db8:1:2::9')).toBe('2001:db8:1:2::/64');
    expect(await keyOf('10.0.0.2', '2001:DB8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(await keyOf('10.0.0.2', '2001:0db8:0001:0002:0:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(await keyOf('10.0.0.2', '[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::/64');
    expect(await keyOf('10.0.0.2', '2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(await keyOf('10.0.0.2', '64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
    expect(await keyOf('10.0.0.2', 'fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    // Another /64 is another client.
    expect(await keyOf('10.0.0.2', '2001:db8:1:3::9')).toBe('2001:db8:1:3::/64');
  });
});
