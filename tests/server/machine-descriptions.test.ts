// The build step that leaves the machines' description texts out of the browser's code
// (scripts/machine-descriptions.ts).

import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import { machineDescriptions } from '../../scripts/machine-descriptions';

/** Runs the plugin's transform on `code` as the bundler would (its parser, after TypeScript). */
function transform(code: string, id = '/app/machines/part.machine.js') {
  const plugin = machineDescriptions() as any;
  const result = plugin.transform.call({ parse: (source: string) => parseAst(source) }, code, id);
  return result?.code as string | undefined;
}

/** Evaluates a transformed module's `config` export (the object given to createMachine). */
function configOf(code: string) {
  const body = code.replace(/^import .*$/m, '').replace('export const config =', 'return');
  return new Function('setup', `${body}`)(() => ({ createMachine: (c: unknown) => c }));
}

describe('machine descriptions', () => {
  it('removes the descriptions of a machine, its states and its transitions, and nothing else', () => {
    const code = [
      `import { setup } from 'xstate';`,
      `export const config = setup({}).createMachine({`,
      `  id: 'm', description: 'The machine.',`,
      `  initial: 'a',`,
      `  states: {`,
      `    a: { description: \`First\nstate\`, on: { go: { target: 'b', description: "Goes on." } } },`,
      `    b: { entry: 'x', description: 'Last one, last property' },`,
      `    c: { description: 'Only property' },`,
      `    d: { description: 'One', 'description': 'Two' },`,
      `    e: { tags: ['t'], description: 'Computed stays: ' + 1 },`,
      `  },`,
      `});`,
    ].join('\n');
    const out = transform(code);
    expect(out).toBeDefined();
    expect(out).not.toMatch(/The machine|First|Goes on|Last one|Only property|'One'|'Two'/);
    expect(configOf(out as string)).toEqual({
      id: 'm',
      initial: 'a',
      states: {
        a: { on: { go: { target: 'b' } } },
        b: { entry: 'x' },
        c: {},
        d: {},
        e: { tags: ['t'], description: 'Computed stays: 1' },
      },
    });
  });

  it('leaves a description that is data, outside createMachine', () => {
    const code = `const song = { title: 'A', description: 'A song' };\nconst m = createMachine({ context: { x: 1 } });`;
    expect(transform(code)).toBeUndefined();
  });

  it('leaves libraries as they are', () => {
    expect(transform(`createMachine({ description: 'x' });`, '/app/node_modules/lib/index.js')).toBeUndefined();
  });
});
