import { createRequire } from 'node:module';

// autocannon ships no types; this is the part of its API the benches use.
export interface AutocannonResult {
  requests: { average: number };
  latency: { p99: number; p50: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
