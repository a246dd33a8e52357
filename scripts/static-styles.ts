// A build step: every `css({...})` call whose styles are written out in full (literals only) becomes
// its class names, computed here by the same generated runtime the browser would run
// (styled-system/css). A page whose components style themselves only that way no longer downloads
// the runtime (about 6 KB gzip). The stylesheet is unaffected: Panda extracts it from the sources.
// Calls with a computed part (a variable, a spread, a condition) are left as they are and keep the
// runtime in the chunks that have them.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { type Node, walk } from './estree';

const runtimeSource = 'styled-system/css';

type Static = string | number | boolean | null | Static[] | { [key: string]: Static };
const notStatic = Symbol('not static');

/** The value an expression written out in literals stands for, or `notStatic`. */
function evaluate(node: Node): Static | typeof notStatic {
  switch (node.type) {
    case 'Literal': {
      const value = node.value as unknown;
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null
        ? value
        : notStatic;
    }
    case 'TemplateLiteral': {
      const quasis = node.quasis as Array<{ value: { cooked: string } }>;
      return (node.expressions as Node[]).length === 0 ? (quasis[0]?.value.cooked ?? '') : notStatic;
    }
    case 'UnaryExpression': {
      const argument = evaluate(node.argument as Node);
      return node.operator === '-' && typeof argument === 'number' ? -argument : notStatic;
    }
    case 'ArrayExpression': {
      const items: Static[] = [];
      for (const element of node.elements as Array<Node | null>) {
        const value = element ? evaluate(element) : null;
        if (value === notStatic) return notStatic;
        items.push(value);
      }
      return items;
    }
    case 'ObjectExpression': {
      const object: Record<string, Static> = {};
      for (const property of node.properties as Node[]) {
        if (property.type !== 'Property' || property.computed || property.kind !== 'init') return notStatic;
        const key = property.key as Node;
        const name =
          key.type === 'Identifier' ? (key.name as string) : key.type === 'Literal' ? String(key.value) : null;
        if (name === null) return notStatic;
        const value = evaluate(property.value as Node);
        if (value === notStatic) return notStatic;
        object[name] = value;
      }
      return object;
    }
    default:
      return notStatic;
  }
}

export function staticStyles(): Plugin {
  let css: ((...styles: unknown[]) => string) | undefined;
  const styledSystem = path.resolve(process.cwd(), 'styled-system') + path.sep;
  return {
    name: 'labsongs-static-styles',
    apply: 'build',
    // After TypeScript and JSX are compiled away: the bundler parses plain JavaScript.
    enforce: 'post',
    async buildStart() {
      const runtime = path.join(styledSystem, 'css', 'index.mjs');
      ({ css } = (await import(pathToFileURL(runtime).href)) as { css: (...styles: unknown[]) => string });
    },
    transform(code, id) {
      // The generated runtime is pure: a chunk that no longer calls it must not keep it for its
      // top-level set-up calls.
      if (id.startsWith(styledSystem)) return { code, map: null, moduleSideEffects: false };
      if (!css || id.includes('node_modules') || !code.includes(runtimeSource)) return null;
      const program = this.parse(code) as unknown as Node;
      // The local name `css` is imported under.
      let local: string | undefined;
      for (const statement of program.body as Node[]) {
        if (statement.type !== 'ImportDeclaration' || (statement.source as Node).value !== runtimeSource) continue;
        for (const specifier of statement.specifiers as Node[]) {
          const imported = specifier.imported as Node | undefined;
          if (specifier.type === 'ImportSpecifier' && imported?.name === 'css')
            local = (specifier.local as Node).name as string;
        }
      }
      if (!local) return null;
      const out = new MagicString(code);
      let replaced = 0;
      walk(program, (node) => {
        if (node.type !== 'CallExpression' || (node.callee as Node).type !== 'Identifier') return;
        if ((node.callee as Node).name !== local) return;
        const args = (node.arguments as Node[]).map(evaluate);
        if (args.some((arg) => arg === notStatic)) {
          if (process.env.STATIC_STYLES_DEBUG)
            console.log('dynamic css()', id, code.slice(node.start, node.start + 80));
          return;
        }
        out.overwrite(node.start, node.end, JSON.stringify((css as (...styles: unknown[]) => string)(...args)));
        replaced += 1;
      });
      if (replaced === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
