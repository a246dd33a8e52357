import type { Config } from '../config';
import type { LifecycleSettings } from './order-actions';

export const lifecycleSettingsOf = (config: Config): LifecycleSettings => ({
  offerTtlMs: config.offerTtlMs,
  revisionLimit: config.revisionLimit,
  platformFeePercent: config.platformFeePercent,
});
