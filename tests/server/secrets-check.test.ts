import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/server';
import { createPayoutCipher } from '../../server/services/payout-cipher';
import {
  checkSharedSecrets,
  fingerprintOf,
  NODE_STALE_AFTER_MS,
  type NodeRegistration,
  SecretMismatchError,
} from '../../server/services/secrets-check';
import { createHarness, databases, type Harness } from './harness';

const jwtA = 'a'.repeat(48);
const jwtB = 'b'.repeat(48);
const keyA = randomBytes(32);
const keyB = randomBytes(32);

describe.each(databases)('secrets shared by the nodes (%s)', (kind) => {
  let h: Harness;
  const running: NodeRegistration[] = [];
  const start = async (jwtSecret: string, payoutKey: Buffer, heartbeatMs?: number) => {
    const node = await checkSharedSecrets({ db: h.database.db, jwtSecret, payoutKey, clock: h.clock, heartbeatMs });
    running.push(node);
    return node;
  };
  const refusal = async (jwtSecret: string, payoutKey: Buffer) => {
    const error = await start(jwtSecret, payoutKey).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SecretMismatchError);
    return error as SecretMismatchError;
  };
  const nodeRows = () => h.database.db.selectFrom('server_nodes').selectAll().execute();
  const reset = async () => {
    for (const node of running.splice(0)) await node.stop();
    await h.database.db.deleteFrom('server_nodes').execute();
    await h.database.db.deleteFrom('secret_fingerprints').execute();
    await h.database.db.deleteFrom('artist_payouts').execute();
  };

  beforeAll(async () => {
    h = await createHarness(kind);
  });
  afterAll(async () => {
    await reset();
    await h.close();
  });

  it('records fingerprints, never the secrets, and lets nodes that agree run side by side', async () => {
    await reset();
    const first = await start(jwtA, keyA);
    const second = await start(jwtA, keyA);
    expect(first.nodeId).not.toBe(second.nodeId);
    const rows = await nodeRows();
    expect(rows.map((r) => r.node_id).sort()).toEqual([first.nodeId, second.nodeId].sort());
    expect(new Set(rows.map((r) => r.jwt_fingerprint))).toEqual(new Set([fingerprintOf(jwtA, 'jwt-secret')]));
    const stored = await h.database.db.selectFrom('secret_fingerprints').selectAll().execute();
    expect(stored).toEqual([
      expect.objectContaining({ name: 'payout_key', fingerprint: fingerprintOf(keyA, 'payout-key') }),
    ]);
    const everything = JSON.stringify([rows, stored]);
    for (const secret of [jwtA, keyA.toString('hex'), keyA.toString('base64')])
      expect(everything).not.toContain(secret);
    await first.stop();
    expect((await nodeRows()).map((r) => r.node_id)).toEqual([second.nodeId]);
  });

  it('refuses another PAYOUT_KEY, even once every node has stopped', async () => {
    await reset();
    const first = await start(jwtA, keyA);
    const error = await refusal(jwtA, keyB);
    expect(error.variable).toBe('PAYOUT_KEY');
    expect(error.message).toMatch(/PAYOUT_KEY differs from the one the stored payout details were encrypted with/);
    await first.stop();
    expect((await refusal(jwtA, keyB)).variable).toBe('PAYOUT_KEY');
    await start(jwtA, keyA);
  });

  it('checks a database from before fingerprints against a stored account number', async () => {
    await reset();
    const artist = await h.createAccount({
      type: 'artist',
      email: `payout.${kind}@example.test`,
      password: 'Secret123',
    });
    await h.database.db
      .insertInto('artist_payouts')
      .values({
        user_id: artist.id,
        bank_name: 'Bank',
        account_name: 'Artist',
        account_number_enc: createPayoutCipher(keyA).encrypt('1234567890'),
        account_last4: '7890',
        created_at: h.clock.now().toISOString(),
        updated_at: h.clock.now().toISOString(),
      })
      .execute();
    expect((await refusal(jwtA, keyB)).variable).toBe('PAYOUT_KEY');
    expect(await h.database.db.selectFrom('secret_fingerprints').selectAll().execute()).toEqual([]);
    await start(jwtA, keyA);
    expect((await refusal(jwtA, keyB)).variable).toBe('PAYOUT_KEY');
  });

  it('refuses another JWT_SECRET while a node using its own runs, and leaves no row behind', async () => {
    await reset();
    const first = await start(jwtA, keyA);
    const error = await refusal(jwtB, keyA);
    expect(error.variable).toBe('JWT_SECRET');
    expect(error.message).toMatch(/JWT_SECRET differs from the one another running node uses/);
    expect(error.message).not.toContain(jwtA);
    expect((await nodeRows()).map((r) => r.node_id)).toEqual([first.nodeId]);
  });

  it('takes a new JWT_SECRET once every node using the old one has stopped (a rotation)', async () => {
    await reset();
    const first = await start(jwtA, keyA);
    await first.stop();
    await start(jwtB, keyA);
    expect((await refusal(jwtA, keyA)).variable).toBe('JWT_SECRET');
  });

  it('forgets a node that died without stopping once it has not been seen for a while', async () => {
    await reset();
    await h.database.db
      .insertInto('server_nodes')
      .values({
        node_id: 'crashed',
        jwt_fingerprint: fingerprintOf(jwtA, 'jwt-secret'),
        started_at: h.clock.now().toISOString(),
        seen_at: h.clock.now().toISOString(),
      })
      .execute();
    expect((await refusal(jwtB, keyA)).variable).toBe('JWT_SECRET');
    h.clock.advance(NODE_STALE_AFTER_MS + 1000);
    const next = await start(jwtB, keyA);
    expect((await nodeRows()).map((r) => r.node_id)).toEqual([next.nodeId]);
  });

  it('keeps a running node seen, and registers it again if its row was swept', async () => {
    await reset();
    const node = await start(jwtA, keyA, 5);
    const later = new Date(h.clock.now().getTime() + 60_000).toISOString();
    h.clock.advance(60_000);
    await vi.waitFor(async () => expect((await nodeRows())[0]?.seen_at).toBe(later));
    await h.database.db.deleteFrom('server_nodes').execute();
    await vi.waitFor(async () => expect((await nodeRows()).map((r) => r.node_id)).toEqual([node.nodeId]));
  });
});

describe('startServer refuses a node whose secrets differ (sqlite)', () => {
  let dataDir: string;
  const env = (jwtSecret: string, payoutKey: Buffer) => ({
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    JWT_SECRET: jwtSecret,
    PAYOUT_KEY: payoutKey.toString('hex'),
  });
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'labsongs-secrets-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('before it serves, with the variable named; a rotation after a stop starts', async () => {
    const first = await startServer(loadConfig(env(jwtA, keyA)), { port: 0, staticRoot: null });
    try {
      await expect(startServer(loadConfig(env(jwtB, keyA)), { port: 0, staticRoot: null })).rejects.toThrow(
        /JWT_SECRET differs/,
      );
      await expect(startServer(loadConfig(env(jwtA, keyB)), { port: 0, staticRoot: null })).rejects.toThrow(
        /PAYOUT_KEY differs/,
      );
      const second = await startServer(loadConfig(env(jwtA, keyA)), { port: 0, staticRoot: null });
      await second.close();
    } finally {
      await first.close();
    }
    const rotated = await startServer(loadConfig(env(jwtB, keyA)), { port: 0, staticRoot: null });
    await rotated.close();
  });
});
