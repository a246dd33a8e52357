// How big the scale data set is. The full size is the one "Flat as it grows" measures; the default is a
// twentieth of it, which writes in a few minutes on two cores for both databases.

export interface ScaleSize {
  artists: number;
  customers: number;
  orders: number;
  notifications: number;
}

const FULL_SIZE: ScaleSize = {
  artists: 10_000,
  customers: 100_000,
  orders: 1_000_000,
  notifications: 5_000_000,
};

/** The customer whose order history the benchmark reads: this many orders at any size. */
export const HEAVY_CUSTOMER_ORDERS = 2_000;
/** The customer the rare fragment names has this many orders at any size: as many as the demo customer. */
export const RARE_CUSTOMER_ORDERS = 5;
/** The busiest artist takes this share of all orders. */
export const BUSIEST_ARTIST_SHARE = 0.02;

function defaultSize(): ScaleSize {
  return {
    artists: FULL_SIZE.artists / 20,
    customers: FULL_SIZE.customers / 20,
    orders: FULL_SIZE.orders / 20,
    notifications: FULL_SIZE.notifications / 20,
  };
}

/** `--full`, or any of `--artists N --customers N --orders N --notifications N` over the default. */
export function sizeFromArgs(args: readonly string[]): ScaleSize {
  const size = args.includes('--full') ? { ...FULL_SIZE } : defaultSize();
  for (const key of Object.keys(size) as (keyof ScaleSize)[]) {
    const at = args.indexOf(`--${key}`);
    if (at === -1) continue;
    const value = Number(args[at + 1]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${key} needs a positive whole number`);
    size[key] = value;
  }
  if (size.orders < HEAVY_CUSTOMER_ORDERS * 2)
    throw new Error(`--orders must be at least ${HEAVY_CUSTOMER_ORDERS * 2}`);
  if (size.artists < 10 || size.customers < 10) throw new Error('--artists and --customers must be at least 10');
  return size;
}
