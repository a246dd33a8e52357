// Signed URLs of clips uploaded in this tab, by temporary location, so a clip chosen before the story
// step is saved can still be played after a reload (the server's draft only knows saved clips).
const KEY = 'labsongs_clip_previews';
const MAX_ENTRIES = 20;

function read(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(globalThis.sessionStorage?.getItem(KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export const clipPreviews = {
  get(location: string | null): string | null {
    if (!location) return null;
    const url = read()[location];
    return typeof url === 'string' ? url : null;
  },
  set(location: string, url: string): void {
    const entries = Object.entries({ ...read(), [location]: url }).slice(-MAX_ENTRIES);
    try {
      globalThis.sessionStorage?.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // A full or blocked storage only costs the preview after a reload.
    }
  },
};
