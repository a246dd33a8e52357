import { describe, expect, it } from 'vitest';
import { findLink, parseEml } from '../../server/services/outbox';
import { createPasswordHasher } from '../../server/services/passwords';

describe('passwords (scrypt)', () => {
  const hasher = createPasswordHasher(14);

  it('stores scrypt$logN$r$p$salt$hash with a fresh salt each time', async () => {
    const a = await hasher.hash('Secret123');
    const b = await hasher.hash('Secret123');
    expect(a).toMatch(/^scrypt\$14\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{86}==$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const stored = await hasher.hash('Secret123');
    expect(await hasher.verify('Secret123', stored)).toBe(true);
    expect(await hasher.verify('Secret124', stored)).toBe(false);
    expect(await hasher.verify('', stored)).toBe(false);
  });

  it('reads the cost from the hash, so raising SCRYPT_COST keeps old hashes working', async () => {
    const old = await createPasswordHasher(12).hash('Secret123');
    expect(old.startsWith('scrypt$12$')).toBe(true);
    expect(await hasher.verify('Secret123', old)).toBe(true);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hasher.hash('Caf\u00e9123');
    expect(await hasher.verify('Cafe\u0301123', stored)).toBe(true);
  });

  it('refuses malformed or tampered hashes without throwing', async () => {
    const stored = await hasher.hash('Secret123');
    const parts = stored.split('$');
    for (const bad of [
      '',
      'plain',
      'bcrypt$x',
      stored.replace('$14$', '$40$'),
      [...parts.slice(0, 5), 'AAAA'].join('$'),
    ]) {
      expect(await hasher.verify('Secret123', bad)).toBe(false);
    }
  });

  it('spends real work on the dummy verify used for unknown emails', async () => {
    const slow = createPasswordHasher(16);
    const stored = await slow.hash('Secret123');
    await slow.verifyDummy('warm-up');
    let started = performance.now();
    await slow.verify('Wrong1234', stored);
    const real = performance.now() - started;
    started = performance.now();
    await slow.verifyDummy('Wrong1234');
    const dummy = performance.now() - started;
    expect(dummy).toBeGreaterThan(real * 0.3);
  });
});

describe('outbox reader', () => {
  it('decodes quoted-printable bodies and soft line breaks, so a long link survives', () => {
    const raw = [
      'From: Labsongs <no-reply@labsongs.local>',
      'To: Maria <Maria@Example.com>',
      'Subject: =?UTF-8?Q?Caf=C3=A9_time?=',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative;',
      ' boundary="--_b"',
      '',
      '----_b',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'Open http://x.test/reset-password?token=3Dabcdefghijklmnopqrstuvwxyz0123456789abc=',
      'defghij&email=3Dmaria%40example.com now',
      '----_b',
      'Content-Type: text/html; charset=utf-8',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from('<p>Hello</p>').toString('base64'),
      '----_b--',
      '',
    ].join('\n');
    const mail = parseEml(raw);
    expect(mail.to).toEqual(['maria@example.com']);
    expect(mail.subject).toBe('Café time');
    expect(mail.html).toBe('<p>Hello</p>');
    const link = new URL(findLink(mail, '/reset-password') ?? '');
    expect(link.searchParams.get('token')).toBe('abcdefghijklmnopqrstuvwxyz0123456789abcdefghij');
    expect(link.searchParams.get('email')).toBe('maria@example.com');
    expect(findLink(mail, '/elsewhere')).toBeUndefined();
  });
});
