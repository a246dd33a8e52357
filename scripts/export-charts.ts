// Exports every XState machine in machines/ for the Stately visualiser and the docs:
//   docs/statecharts/<name>.stately.ts  a `createMachine({...})` module importing nothing but xstate:
//                                       what Stately's importer (and its VS Code extension) reads as is
//   docs/statecharts/<name>.json        the same config as JSON
//   docs/statecharts/<name>.md          a Mermaid stateDiagram-v2 drawn from the machine's definition, and tables
//   docs/statecharts/README.md          the index
// Machines are discovered: every machines/*.machine.ts, every export whose name ends in `Machine`.
// States and transitions carry the `description` written in the machine's config: what each means to a
// customer, an artist or an admin (scripts/chart-coverage.ts counts them). The initial context is the one an
// actor starts with (with an empty input when the machine needs one); a machine whose context cannot
// be computed fails the export instead of getting an empty one.
// Run with `npm run charts`; `npm run charts -- --check` writes nothing and exits 1 when a file is
// stale or a state or transition has no description (CI runs it). Both print how many are described.
// The output is deterministic, so a re-run shows no diff.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type AnyStateMachine, type AnyStateNode, createActor } from 'xstate';
import { coverage, coverageSummary } from './chart-coverage';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const machinesDir = join(root, 'machines');
const outDir = join(root, 'docs', 'statecharts');

interface Found {
  name: string;
  exportName: string;
  file: string;
  machine: AnyStateMachine;
  /** `<exportName>ChartInput` from the same module: a sample input for a machine that cannot start on an empty one. */
  chartInput?: unknown;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && 'config' in value && 'transition' in value;
}

async function discover(): Promise<Found[]> {
  const files = readdirSync(machinesDir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const found: Found[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(machinesDir, file)).href)) as Record<string, unknown>;
    const exports = Object.entries(mod).filter(([key, value]) => key.endsWith('Machine') && isMachine(value));
    const base = file.replace(/\.machine\.ts$/, '');
    for (const [exportName, machine] of exports) {
      const name = exports.length === 1 ? base : `${base}.${exportName}`;
      const chartInput = mod[`${exportName}ChartInput`];
      found.push({ name, exportName, file: `machines/${file}`, machine: machine as AnyStateMachine, chartInput });
    }
  }
  return found;
}

// ---------- JSON (the config, with implementations by name) ----------

/** A guard as text: a name, or and/or/not of names. */
function guardText(guard: unknown): string {
  if (!guard) return '';
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const g = guard as { name?: string; guards?: unknown[] };
    if (Array.isArray(g.guards)) {
      const parts = g.guards.map(guardText);
      if (g.name === 'not') return `!${parts[0]}`;
      if (g.name === 'and') return parts.join(' && ');
      if (g.name === 'or') return parts.join(' || ');
    }
    return g.name && g.name !== 'guard' ? g.name : 'inline guard';
  }
  if (typeof guard === 'object' && guard !== null && 'type' in guard) return String((guard as { type: unknown }).type);
  return 'guard';
}

function actionText(action: unknown): string | null {
  if (typeof action === 'string') return action;
  if (typeof action === 'object' && action !== null && 'type' in action)
    return String((action as { type: unknown }).type);
  if (typeof action === 'function') {
    const a = action as { type?: string; name?: string };
    return a.type ?? (a.name || 'inline action');
  }
  return null;
}

/**
 * The context an actor starts with. A machine whose context reads its input gets an empty input; when
 * even that fails, the export fails (an empty context would hide that the chart is wrong).
 */
function initialContext(found: Found): unknown {
  const { machine } = found;
  const attempts: unknown[] = [undefined, {}, ...(found.chartInput === undefined ? [] : [found.chartInput])];
  let problem: unknown;
  for (const input of attempts) {
    try {
      const snapshot = createActor(machine, { input }).getSnapshot();
      if (snapshot.status !== 'error') return snapshot.context;
      problem = snapshot.error;
    } catch (error) {
      problem = error;
    }
  }
  throw new Error(`${found.file}: ${found.exportName} cannot start, so its chart would have no context: ${problem}`);
}

/** The config as JSON: functions become what they name (guards, actions) or are dropped (params, input mappers). */
function configJson(found: Found): Record<string, unknown> {
  const { machine } = found;
  const context = initialContext(found);
  const walk = (value: unknown, key: string): unknown => {
    if (typeof value === 'function') {
      if (key === 'guard') return guardText(value);
      if (key === 'actions' || key === 'entry' || key === 'exit') return actionText(value);
      return undefined;
    }
    if (Array.isArray(value)) return value.map((v) => walk(v, key)).filter((v) => v !== undefined);
    if (typeof value === 'object' && value !== null) {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value)) {
        const w = walk(v, k);
        if (w !== undefined) out[k] = w;
      }
      return out;
    }
    return value;
  };
  const config = walk(machine.config, '') as Record<string, unknown>;
  return { id: machine.id, ...config, context };
}

/** What Stately's importer reads: one `createMachine({...})`, importing nothing of the project. */
function statelyModule(found: Found, config: Record<string, unknown>): string {
  return `// Generated by \`npm run charts\` from ${found.file}; do not edit.
// Import into the Stately editor (stately.ai: Import → paste this code) or open it with the Stately
// VS Code extension. Guards, actions and actors appear by name; the app provides them.
import { createMachine } from 'xstate';

export const ${found.exportName} = createMachine(${JSON.stringify(config, null, 2)});
`;
}

// ---------- Mermaid ----------

const pathOf = (node: AnyStateNode) => node.path as string[];
const idOf = (node: AnyStateNode) => (pathOf(node).length === 0 ? 'root' : pathOf(node).join('_'));
const keyOf = (node: AnyStateNode) => pathOf(node).at(-1) ?? node.machine.id;

function isAncestorOrSelf(a: AnyStateNode, b: AnyStateNode): boolean {
  const pa = pathOf(a);
  const pb = pathOf(b);
  return pa.length <= pb.length && pa.every((k, i) => pb[i] === k);
}

function childOnPath(ancestor: AnyStateNode, node: AnyStateNode): AnyStateNode {
  let n = node;
  while (n.parent && n.parent !== ancestor) n = n.parent;
  return n;
}

function lowestCommonAncestor(a: AnyStateNode, b: AnyStateNode): AnyStateNode {
  let n: AnyStateNode | undefined = a.parent;
  while (n && !isAncestorOrSelf(n, b)) n = n.parent;
  return n ?? a.machine.root;
}

function delayText(machine: AnyStateMachine, delay: string): string {
  const delays = (machine.implementations.delays ?? {}) as Record<string, unknown>;
  const value = delays[delay];
  if (typeof value === 'number') return `${delay} (${value} ms)`;
  if (/^\d+$/.test(delay)) return `${delay} ms`;
  return `${delay} (computed)`;
}

function eventText(machine: AnyStateMachine, eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `${done[1]} done`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `${error[1]} error`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after?.[1]) return `after ${delayText(machine, after[1])}`;
  return eventType;
}

const clean = (text: string) =>
  text
    .replace(/[:;#{}]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Edge {
  from: string;
  to: string;
  label: string;
}

function collectEdges(machine: AnyStateMachine): Map<AnyStateNode, Edge[]> {
  const byBlock = new Map<AnyStateNode, Edge[]>();
  const add = (block: AnyStateNode, edge: Edge) => byBlock.set(block, [...(byBlock.get(block) ?? []), edge]);
  const visit = (node: AnyStateNode) => {
    const transitions = [...node.transitions.values()].flat();
    const always = (node.always ?? []) as typeof transitions;
    for (const t of [...transitions, ...always]) {
      const guard = guardText(t.guard);
      const actions = (t.actions as unknown[]).map(actionText).filter((a): a is string => a !== null);
      const base = `${eventText(machine, t.eventType)}${guard ? ` [${guard}]` : ''}${actions.length ? ` / ${actions.join(', ')}` : ''}`;
      const targets = (t.target as AnyStateNode[] | undefined) ?? [];
      if (targets.length === 0) {
        // Targetless: actions only, the state stays.
        const id = node === machine.root ? `${idOf(node)}__any` : idOf(node);
        add(node === machine.root ? node : (node.parent ?? machine.root), { from: id, to: id, label: clean(base) });
        continue;
      }
      for (const target of targets) {
        if (target !== node && isAncestorOrSelf(node, target)) {
          // A compound state's own transition into one of its children: drawn from "(any)" inside it.
          const to = childOnPath(node, target);
          const suffix =
            to === target
              ? ''
              : ` → ${pathOf(target)
                  .slice(pathOf(to).length - 1)
                  .join('.')}`;
          add(node, { from: `${idOf(node)}__any`, to: idOf(to), label: clean(base + suffix) });
          continue;
        }
        const block = lowestCommonAncestor(node, target);
        const from = childOnPath(block, node);
        const to = childOnPath(block, target);
        const prefix =
          from === node
            ? ''
            : `(in ${pathOf(node)
                .slice(pathOf(from).length - 1)
                .join('.')}) `;
        const suffix =
          to === target
            ? ''
            : ` → ${pathOf(target)
                .slice(pathOf(to).length - 1)
                .join('.')}`;
        add(block, { from: idOf(from), to: idOf(to), label: clean(prefix + base + suffix) });
      }
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return byBlock;
}

function mermaid(machine: AnyStateMachine): string {
  const edges = collectEdges(machine);
  const lines: string[] = ['stateDiagram-v2'];
  const block = (node: AnyStateNode, indent: string) => {
    const children = Object.values(node.states) as AnyStateNode[];
    const own = edges.get(node) ?? [];
    if (own.some((e) => e.from === `${idOf(node)}__any`))
      lines.push(`${indent}state "(any state)" as ${idOf(node)}__any`);
    for (const child of children) {
      if (Object.keys(child.states).length > 0) {
        if (keyOf(child) !== idOf(child)) lines.push(`${indent}state "${keyOf(child)}" as ${idOf(child)}`);
        lines.push(`${indent}state ${idOf(child)} {`);
        block(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${keyOf(child)}" as ${idOf(child)}`);
      }
      const tags = [...(child.tags ?? [])];
      if (tags.length) lines.push(`${indent}note right of ${idOf(child)} : tags ${tags.join(', ')}`);
    }
    const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
    if (initial) lines.push(`${indent}[*] --> ${idOf(initial)}`);
    for (const child of children) if (child.type === 'final') lines.push(`${indent}${idOf(child)} --> [*]`);
    for (const e of own) lines.push(`${indent}${e.from} --> ${e.to}${e.label ? ` : ${e.label}` : ''}`);
  };
  block(machine.root, '  ');
  return lines.join('\n');
}

// ---------- Tables ----------

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes)];
}

function stateTable(machine: AnyStateMachine): string {
  const rows = allNodes(machine.root)
    .filter((n) => n !== machine.root || n.ownEvents.length > 0)
    .map((n) => {
      const invokes = (n.invoke as Array<{ id: string; src: unknown }>)
        .map((i) => (typeof i.src === 'string' ? i.src : i.id))
        .join(', ');
      // xstate.raise / xstate.cancel are how `after` schedules itself: shown as the timer instead.
      const named = (list: unknown[]) =>
        list
          .map(actionText)
          .filter((a): a is string => a !== null && !a.startsWith('xstate.'))
          .join(', ');
      const entry = named(n.entry as unknown[]);
      const exit = named(n.exit as unknown[]);
      const after = (n.after as Array<{ delay: unknown }>)
        .map((a) => `after ${delayText(machine, String(a.delay))}`)
        .join(', ');
      const events = [...new Set(n.ownEvents as string[])].filter((e) => !e.startsWith('xstate.')).join(', ');
      const name = n === machine.root ? '(the machine, in every state)' : `\`${pathOf(n).join('.')}\``;
      const means = (n.description ?? '').replace(/\|/g, '\\|');
      return `| ${name} | ${means} | ${[...(n.tags ?? [])].join(', ')} | ${invokes} | ${[entry && `entry: ${entry}`, exit && `exit: ${exit}`, after].filter(Boolean).join('; ')} | ${events} |`;
    });
  return [
    '| State | What it means | Tags | Invokes | Entry / exit / timers | Events it handles |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function implementationTable(machine: AnyStateMachine): string {
  const impl = machine.implementations as unknown as Record<string, Record<string, unknown> | undefined>;
  const names = (k: string) =>
    Object.keys(impl[k] ?? {})
      .sort()
      .join(', ') || '—';
  return [
    '| Kind | Names |',
    '|---|---|',
    `| Actors (provide with \`.provide({ actors })\`) | ${names('actors')} |`,
    `| Actions | ${names('actions')} |`,
    `| Guards | ${names('guards')} |`,
    `| Delays | ${names('delays')} |`,
  ].join('\n');
}

function markdown(found: Found): string {
  const { machine } = found;
  return `# ${found.exportName}

Generated by \`npm run charts\` from [\`${found.file}\`](../../${found.file}); do not edit.
Import [\`${found.name}.stately.ts\`](./${found.name}.stately.ts) into the Stately editor (or its VS Code extension) as it is.

\`\`\`mermaid
${mermaid(machine)}
\`\`\`

## States

${stateTable(machine)}

## Implementations

${implementationTable(machine)}
`;
}

async function main() {
  const check = process.argv.includes('--check');
  const found = await discover();
  const files = new Map<string, string>();
  for (const f of found) {
    const config = configJson(f);
    files.set(`${f.name}.json`, `${JSON.stringify(config, null, 2)}\n`);
    files.set(`${f.name}.stately.ts`, statelyModule(f, config));
    files.set(`${f.name}.md`, markdown(f));
  }
  files.set(
    'README.md',
    `# State charts

Generated by \`npm run charts\` (scripts/export-charts.ts) from every \`machines/*.machine.ts\` export whose name ends in \`Machine\`.
Each machine has a Mermaid chart with tables (\`.md\`), a \`createMachine({...})\` module for the Stately editor
(\`.stately.ts\`: in the editor, Import and paste it, or open it with the Stately VS Code extension) and its config as JSON.
\`npm run charts -- --check\` fails when a file here is stale.

| Machine | Source | Chart | Stately | JSON |
|---|---|---|---|---|
${found.map((f) => `| ${f.exportName} | [\`${f.file}\`](../../${f.file}) | [${f.name}.md](./${f.name}.md) | [${f.name}.stately.ts](./${f.name}.stately.ts) | [${f.name}.json](./${f.name}.json) |`).join('\n')}
`,
  );
  const described = found.map((f) => coverage(f.name, f.machine));
  const missing = described.flatMap((c) => c.missing);
  for (const line of missing) console.error(`no description: ${line}`);
  console.log(coverageSummary(described));
  if (check) {
    const stale = [...files].filter(([name, content]) => {
      const path = join(outDir, name);
      return !existsSync(path) || readFileSync(path, 'utf8') !== content;
    });
    const known = new Set(files.keys());
    const leftover = readdirSync(outDir).filter((name) => !known.has(name));
    for (const [name] of stale) console.error(`stale: ${relative(root, join(outDir, name))}`);
    for (const name of leftover) console.error(`no longer generated: ${relative(root, join(outDir, name))}`);
    if (stale.length || leftover.length) console.error('Run `npm run charts` and commit docs/statecharts.');
    if (missing.length)
      console.error(
        'Give each of them a `description` in its machine: what it means to the customer, artist or admin.',
      );
    if (stale.length || leftover.length || missing.length) process.exit(1);
    console.log(`${found.length} charts are up to date.`);
    return;
  }
  mkdirSync(outDir, { recursive: true });
  for (const [name, content] of files) writeFileSync(join(outDir, name), content);
  console.log(`Wrote ${found.length} machines to ${relative(root, outDir)}: ${found.map((f) => f.name).join(', ')}`);
}

await main();
