// Regenerates src/routeTree.gen.ts from src/routes/ without a build (vite's router plugin does the same on build and dev).
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const config = getConfig(
  { routesDirectory: './src/routes', generatedRouteTree: './src/routeTree.gen.ts', autoCodeSplitting: true },
  root,
);
await new Generator({ config, root }).run();
console.log('src/routeTree.gen.ts is up to date');
