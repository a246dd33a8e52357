// The bundler's parse tree (ESTree) as the build steps read it: scripts/static-styles.ts and
// scripts/machine-descriptions.ts.

export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** Calls every node of the tree once. */
export function walk(node: unknown, visit: (node: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  const current = node as Node;
  if (typeof current.type === 'string') visit(current);
  for (const [key, child] of Object.entries(current)) if (key !== 'parent') walk(child, visit);
}
