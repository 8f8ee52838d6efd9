#!/usr/bin/env node
// The JavaScript a browser downloads for each route of the production build, gzipped.
// Reads dist/client/.vite/manifest.json (build.manifest in client/vite.config.ts) and the
// route table client/src/app/router.tsx: a route's JavaScript is the entry chunk with its
// static imports, plus the lazy chunks of the route and of the layouts around it, each
// with its static imports. Part of npm run bench; alone: `node bench/client-size.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT } from './lib/servers.mjs';

const CLIENT = join(ROOT, 'client');
const ROUTER = join(CLIENT, 'src/app/router.tsx');

/**
 * Routes of router.tsx as { path, modules }: every `import('…')` inside an object literal
 * belongs to the route that object describes, together with the imports of the layouts
 * (`lazy: someLayout`, a const defined in the file) of the objects around it.
 */
export function parseRoutes(source) {
  const constImports = new Map();
  for (const match of source.matchAll(/const (\w+) = async \(\) => \{[\s\S]*?import\(\s*'([^']+)'\s*\)/g)) constImports.set(match[1], match[2]);
  const routes = [];
  const stack = [{ path: '', modules: [] }];
  const token = /(\{)|(\})|path:\s*'([^']*)'|lazy:\s*(\w+)\s*[,}\n]|import\(\s*'([^']+)'\s*\)/g;
  let match;
  // Skip the const definitions: start at the route table.
  token.lastIndex = source.indexOf('export const routes');
  while ((match = token.exec(source))) {
    const frame = stack[stack.length - 1];
    if (match[1]) stack.push({ path: '', modules: [], imports: [] });
    else if (match[2]) {
      const closed = stack.pop();
      // A layout route (with child routes) is not a page of its own.
      if (closed?.imports?.length && !closed.hasPages) {
        for (const frame of stack) frame.hasPages = true;
        const chain = stack.concat(closed);
        const path = `/${chain
          .map((f) => f.path)
          .filter(Boolean)
          .join('/')}`;
        routes.push({ path, modules: chain.flatMap((f) => [...f.modules, ...(f.imports ?? [])]) });
      }
      if (stack.length === 0) break;
    } else if (match[3] !== undefined) frame.path = match[3];
    else if (match[4] && constImports.has(match[4])) frame.modules.push(constImports.get(match[4]));
    else if (match[5]) {
      // An import inside `lazy: async () => { … }` sits in the arrow body's braces: attach
      // it to the route object around that body.
      const owner = stack[stack.length - 2] ?? frame;
      (owner.imports ??= []).push(match[5]);
    }
  }
  return routes;
}

export function clientSizes() {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'dist/client/.vite/manifest.json'), 'utf8'));
  const gzipped = new Map();
  const size = (file) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(ROOT, 'dist/client', file)), { level: 9 }).length);
    return gzipped.get(file);
  };
  /** Chunk files of a manifest key and its static imports (what loads before it runs). */
  const closure = (key, files = new Set()) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return files;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const child of chunk.imports ?? []) closure(child, files);
    return files;
  };
  const keyOf = (specifier) => {
    const base = posix.normalize(
      relative(CLIENT, join(dirname(ROUTER), specifier))
        .split('\\')
        .join('/'),
    );
    return ['.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((key) => manifest[key]);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  const entryFiles = closure(entry);
  const total = (files) => [...files].reduce((sum, file) => sum + size(file), 0);
  const routes = parseRoutes(readFileSync(ROUTER, 'utf8')).map((route) => {
    const files = new Set(entryFiles);
    const missing = [];
    for (const module of route.modules) {
      const key = keyOf(module);
      if (key) closure(key, files);
      else missing.push(module);
    }
    return { path: route.path, gzip: total(files), files: [...files], missing };
  });
  const landing = routes.find((route) => route.path === '/') ?? { path: '/', gzip: total(entryFiles), files: [...entryFiles] };
  return { entry: { files: [...entryFiles], gzip: total(entryFiles) }, landing, routes };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = clientSizes();
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  process.stdout.write(`entry (index.html) ${kib(sizes.entry.gzip)}\n`);
  for (const route of sizes.routes) {
    process.stdout.write(
      `${route.path.padEnd(48)} ${kib(route.gzip).padStart(10)}${route.missing.length ? `  (not in the build: ${route.missing.join(', ')})` : ''}\n`,
    );
  }
}
