// Bundles src/activity.js with Discord's Embedded App SDK into ../static/activity.js, the one
// script the Activity's page loads. esbuild-wasm: the bundler as WebAssembly, no native binary.
import { build } from 'esbuild-wasm';
import { fileURLToPath } from 'node:url';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

await build({
  entryPoints: [here('src/activity.js')],
  outfile: here('../static/activity.js'),
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  legalComments: 'none',
  logLevel: 'warning',
});
