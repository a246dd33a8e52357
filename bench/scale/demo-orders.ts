import { seedDemoOrders } from '../../server/db/seed-orders';
import { lifecycleSettingsOf } from '../../server/lifecycle/settings';
import type { BenchServer } from '../bench-server';

/** The demo's orders, as `npm start` adds them after the demo accounts (startBenchServer seeds accounts only). */
export async function addDemoOrders(server: BenchServer): Promise<void> {
  const { config, database, storage, clock } = server.deps;
  if (!storage) throw new Error('the bench server has no storage');
  await seedDemoOrders({
    db: database.db,
    storage,
    now: clock.now(),
    settings: lifecycleSettingsOf(config),
    platformFeePercent: config.platformFeePercent,
  });
}
