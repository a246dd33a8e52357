import { rm } from 'node:fs/promises';
import path from 'node:path';
import { type BuilderOptions, defaultClientConditions, type EnvironmentOptions, type Rolldown } from 'vite';
import { precompress } from './precompress';
import { entryFilesOf, prerender } from './prerender';

const ENTRY = 'entry-prerender';

/**
 * The prerender's own build (src/entry-prerender.tsx): one file for Node, made with the packages'
 * browser builds, so that the router renders the page as the browser's first render will. (Its server
 * build renders other markup, for TanStack's own server hydration, which this app does not use.) React's
 * static rendering is react-dom's Node build, which the entry names itself. Nothing in the bundle needs a
 * browser's globals: the app's modules touch window, document and storage only when called.
 */
export function prerenderEnvironment(root: string): EnvironmentOptions {
  return {
    consumer: 'server',
    resolve: { conditions: [...defaultClientConditions], noExternal: true },
    // The router's browser build registers itself on `self`, the browser's name for the global object.
    define: { self: 'globalThis' },
    build: {
      outDir: path.join(root, 'node_modules', '.cache', 'labsongs-prerender'),
      emptyOutDir: true,
      sourcemap: false,
      copyPublicDir: false,
      minify: false,
      // One file of the whole app and its libraries, read once at build time: its size is no one's download.
      chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
      rolldownOptions: {
        input: { [ENTRY]: path.join(root, 'src', `${ENTRY}.tsx`) },
        output: { codeSplitting: false },
      },
    },
  };
}

const outputOf = (result: unknown): Rolldown.RolldownOutput => {
  const output = Array.isArray(result) ? result[0] : result;
  if (!output || typeof output !== 'object' || !('output' in output)) throw new Error('the build gave no output');
  return output as Rolldown.RolldownOutput;
};

/**
 * `vite build`: the browser's app, then the prerender's bundle; then the public pages rendered to HTML
 * (scripts/prerender.ts), and brotli and gzip files beside every text file, so that `vite build` alone
 * gives what the server sends.
 */
export const buildApp: NonNullable<BuilderOptions['buildApp']> = async (builder) => {
  const { client, prerender: server } = builder.environments;
  if (!client || !server) throw new Error('vite.config.ts defines no client or prerender environment');
  const built = outputOf(await builder.build(client));
  const bundle = outputOf(await builder.build(server));
  const serverEntry = bundle.output.find((file) => file.type === 'chunk' && file.isEntry);
  if (!serverEntry) throw new Error('the prerender build has no entry');
  const outDir = path.resolve(client.config.root, client.config.build.outDir);
  const serverDir = path.resolve(server.config.root, server.config.build.outDir);
  try {
    await prerender({
      outDir,
      base: client.config.base,
      serverEntry: path.join(serverDir, serverEntry.fileName),
      files: entryFilesOf(built.output),
    });
  } finally {
    await rm(serverDir, { recursive: true, force: true });
  }
  await precompress(outDir);
};
