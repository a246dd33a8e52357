import { storageKeys } from '../../contracts/storage-keys';

type Key = keyof typeof storageKeys;

/**
 * Where a value is kept: `local` outlives the browser; `session` is this tab's only, gone when it closes (the
 * sign-in without "Remember me"). A key lives in one of them at a time, under the same name.
 */
export type StorageArea = 'local' | 'session';

const areaStore = (area: StorageArea): Storage | undefined =>
  area === 'session' ? globalThis.sessionStorage : globalThis.localStorage;

/** Browser storage behind the product's keys. Reading never throws: a corrupt value reads as missing. */
export const storage = {
  /** This tab's value first, then the one kept across visits. */
  get(key: Key): string | null {
    return storage.getFrom('session', key) ?? storage.getFrom('local', key);
  },
  getFrom(area: StorageArea, key: Key): string | null {
    try {
      return areaStore(area)?.getItem(storageKeys[key]) ?? null;
    } catch {
      return null;
    }
  },
  /** Writes `value` in `area` (local unless said) and removes the key from the other; null removes it from both. */
  set(key: Key, value: string | null, area: StorageArea = 'local'): void {
    for (const each of ['local', 'session'] as const) {
      try {
        if (value !== null && each === area) areaStore(each)?.setItem(storageKeys[key], value);
        else areaStore(each)?.removeItem(storageKeys[key]);
      } catch {
        // Private mode or a full quota: the session still works for this tab.
      }
    }
  },
  getJson<T>(key: Key): T | null {
    const raw = storage.get(key);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  setJson(key: Key, value: unknown, area: StorageArea = 'local'): void {
    storage.set(key, value === null || value === undefined ? null : JSON.stringify(value), area);
  },
};
