// The build step that turns written-out css() calls into their class names (scripts/static-styles.ts).

import { css } from 'styled-system/css';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { staticStyles } from '../../scripts/static-styles';

/** Runs the plugin's transform on `code` as the bundler would (its parser, after JSX and TypeScript). */
async function transform(code: string, id = '/app/src/part.js') {
  const plugin = staticStyles() as any;
  await plugin.buildStart.call({});
  const result = plugin.transform.call({ parse: (source: string) => parseAst(source) }, code, id);
  return result?.code as string | undefined;
}

describe('static styles', () => {
  it('replaces a call written out in literals with the class names the runtime gives', async () => {
    const styles = {
      display: 'flex',
      gap: '2',
      mt: -1,
      _hover: { bg: 'brand.50' },
      fontSize: ['sm', 'md'],
      md: { px: '4' },
    };
    const code = `import { css } from 'styled-system/css';\nexport const a = css(${JSON.stringify(styles)});`;
    const out = await transform(code);
    expect(out).toContain(`export const a = ${JSON.stringify(css(styles))};`);
    expect(css(styles)).toContain('d_flex');
  });

  it('merges several written-out arguments as the runtime does', async () => {
    const out = await transform(
      `import { css as style } from 'styled-system/css';\nconst b = style({ color: 'red.500' }, { color: 'blue.500', p: '2' });`,
    );
    expect(out).toContain(`const b = ${JSON.stringify(css({ color: 'red.500' }, { color: 'blue.500', p: '2' }))};`);
  });

  it('leaves calls with a computed part, and files without the runtime, as they are', async () => {
    const dynamic = [
      `import { css } from 'styled-system/css';\nconst c = css({ color: tone });`,
      `import { css } from 'styled-system/css';\nconst c = css({ ...base, p: '2' });`,
      `import { css } from 'styled-system/css';\nconst c = css({ [key]: '2' });`,
      `import { css } from 'styled-system/css';\nconst c = css({ w: \`\${n}px\` });`,
      `import { css } from 'styled-system/css';\nconst c = css(open ? { p: '2' } : { p: '4' });`,
    ];
    for (const code of dynamic) expect(await transform(code)).toBeUndefined();
    expect(await transform(`const css = (x) => x;\nconst c = css({ p: '2' });`)).toBeUndefined();
  });

  it('marks the generated runtime free of side effects, so a chunk that no longer calls it drops it', async () => {
    const plugin = staticStyles() as any;
    await plugin.buildStart.call({});
    const id = `${process.cwd()}/styled-system/css/css.mjs`;
    expect(plugin.transform.call({}, 'export const x = 1;', id)).toMatchObject({ moduleSideEffects: false });
  });
});
