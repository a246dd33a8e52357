import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from '../../server/services/background-work';

describe('background work', () => {
  it('settles only once every run in progress has settled, failed runs included', async () => {
    const work = createBackgroundWork();
    let finish!: () => void;
    let fail!: (error: Error) => void;
    const slow = work.run(() => new Promise<string>((resolve) => (finish = () => resolve('done'))));
    const failing = work.run(() => new Promise<never>((_, reject) => (fail = reject)));
    failing.catch(() => undefined);
    let settled = false;
    const waiting = work.settled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    fail(new Error('the database is away'));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(settled).toBe(false);
    finish();
    await waiting;
    expect(settled).toBe(true);
    await expect(slow).resolves.toBe('done');
    await expect(failing).rejects.toThrow('the database is away');
  });

  it('is settled at once when nothing runs', async () => {
    await expect(createBackgroundWork().settled()).resolves.toBeUndefined();
  });
});
