import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryFilesOf } from '../../scripts/prerender';

// The prerendered pages list what the built index.html names for the browser's first load: the entry
// chunk of index.html, every chunk it imports (directly or not) and their stylesheets; never a chunk
// that only a lazy part imports.

const chunk = (fileName: string, more: Partial<Rolldown.OutputChunk> & { css?: string[] } = {}) =>
  ({
    type: 'chunk',
    fileName,
    isEntry: false,
    facadeModuleId: null,
    imports: [],
    dynamicImports: [],
    viteMetadata: { importedCss: new Set(more.css ?? []), importedAssets: new Set() },
    ...more,
  }) as unknown as Rolldown.OutputChunk;

describe('the files of the first load, from the client build', () => {
  it('gives the entry, what it imports in the order met, and the stylesheets', () => {
    const files = entryFilesOf([
      chunk('assets/index-a.js', {
        isEntry: true,
        facadeModuleId: '/app/index.html',
        imports: ['assets/runtime-b.js', 'assets/vendor-c.js'],
        dynamicImports: ['assets/about-d.js'],
        css: ['assets/index-e.css'],
      }),
      chunk('assets/runtime-b.js'),
      chunk('assets/vendor-c.js', { imports: ['assets/runtime-b.js', 'assets/shared-f.js'] }),
      chunk('assets/shared-f.js'),
      chunk('assets/about-d.js', { imports: ['assets/lazy-only-g.js'] }),
      chunk('assets/lazy-only-g.js'),
    ]);
    expect(files).toEqual({
      entry: 'assets/index-a.js',
      preload: ['assets/runtime-b.js', 'assets/vendor-c.js', 'assets/shared-f.js'],
      css: ['assets/index-e.css'],
    });
  });

  it('refuses a build without exactly one entry for index.html', () => {
    expect(() => entryFilesOf([chunk('assets/about-d.js')])).toThrow(/one entry chunk/);
  });
});
