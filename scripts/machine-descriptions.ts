// A build step: the `description` texts of the machines' states and transitions are left out of what
// the browser downloads. They document the state charts in the Stately visualiser, which reads the
// sources; the running app never reads them, yet the root and session machines' texts alone cost every
// first visit about 0.9 KB gzip. Only literal texts inside a `createMachine({...})` call are removed,
// so an object elsewhere that happens to have a `description` (a song's, say) keeps it.
import MagicString from 'magic-string';
import type { Plugin } from 'vite';
import { type Node, walk } from './estree';

const isText = (node: Node) =>
  (node.type === 'Literal' && typeof node.value === 'string') ||
  (node.type === 'TemplateLiteral' && (node.expressions as Node[]).length === 0);

const isDescription = (property: Node) => {
  if (property.type !== 'Property' || property.computed || property.kind !== 'init') return false;
  const key = property.key as Node;
  const name = key.type === 'Identifier' ? key.name : key.type === 'Literal' ? key.value : null;
  return name === 'description' && isText(property.value as Node);
};

const isCreateMachine = (node: Node) => {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee as Node;
  if (callee.type === 'Identifier') return callee.name === 'createMachine';
  return callee.type === 'MemberExpression' && (callee.property as Node).name === 'createMachine';
};

export function machineDescriptions(): Plugin {
  return {
    name: 'labsongs-machine-descriptions',
    apply: 'build',
    // After TypeScript is compiled away: the bundler parses plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('createMachine') || !code.includes('description')) return null;
      const program = this.parse(code) as unknown as Node;
      const out = new MagicString(code);
      let removed = 0;
      walk(program, (call) => {
        if (!isCreateMachine(call)) return;
        walk(call.arguments, (object) => {
          if (object.type !== 'ObjectExpression') return;
          const properties = object.properties as Node[];
          properties.forEach((property, index) => {
            if (!isDescription(property)) return;
            // The property with the comma that follows it (or, for the last one, the comma before it),
            // so that what remains is still an object literal.
            const next = properties[index + 1];
            const previous = properties[index - 1];
            if (next) out.remove(property.start, next.start);
            else if (previous && !isDescription(previous)) out.remove(previous.end, property.end);
            else out.remove(property.start, property.end);
            removed += 1;
          });
        });
      });
      if (removed === 0) return null;
      return { code: out.toString(), map: out.generateMap({ hires: 'boundary', source: id }) };
    },
  };
}
