import { storageKeys } from '../../contracts/storage-keys';

type Key = keyof typeof storageKeys;

/** Local storage behind the product's keys. Reading never throws: a corrupt value reads as missing. */
export const storage = {
  get(key: Key): string | null {
    try {
      return globalThis.localStorage?.getItem(storageKeys[key]) ?? null;
    } catch {
      return null;
    }
  },
  set(key: Key, value: string | null): void {
    try {
      if (value === null) globalThis.localStorage?.removeItem(storageKeys[key]);
      else globalThis.localStorage?.setItem(storageKeys[key], value);
    } catch {
      // Private mode or a full quota: the session still works for this tab.
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
  setJson(key: Key, value: unknown): void {
    storage.set(key, value === null || value === undefined ? null : JSON.stringify(value));
  },
};
