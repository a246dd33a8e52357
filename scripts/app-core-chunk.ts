// The app's own code that every page runs (what the entry imports statically, directly or not) goes
// into one chunk. Left to the automatic splitting, each module that a lazy chunk shares with the entry
// becomes a chunk of its own (the messages, the constants…): a dozen small files on the first
// visit, each compressed apart, where one file compresses better and is one request.
import type { Plugin } from 'vite';

export function appCoreChunk() {
  const core = new Set<string>();
  const plugin: Plugin = {
    name: 'labsongs-app-core-chunk',
    apply: 'build',
    buildEnd() {
      core.clear();
      const entries = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      const queue = [...entries];
      while (queue.length > 0) {
        const id = queue.pop() as string;
        if (core.has(id)) continue;
        core.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  /**
   * For the chunk group's `test`: an app module the entry needs. Libraries have their own groups, and
   * the style runtime is left to the tree-shaking: the entry imports it, but its calls became class
   * names at build time (static-styles.ts).
   */
  const test = (id: string) =>
    core.has(id) && !id.includes('node_modules') && !id.includes('/styled-system/') && !id.startsWith('\0');
  return { plugin, test };
}
