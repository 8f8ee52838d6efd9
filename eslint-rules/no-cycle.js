import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * `local/no-cycle`: no import cycle between the server's files, type-only imports
 * included. import-x/no-cycle skips `import type`, so a cycle that only types close (the
 * lowest-level type declared in the highest-level file) passed; this rule follows every
 * relative import and re-export, resolving `.js` specifiers to the `.ts` files.
 */

/** Each file's relative imports, resolved, read once per lint run (ts.preProcessFile: no type-checking). */
const importsCache = new Map();

function resolveSpecifier(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(fromFile), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), `${base}.ts`, `${base}/index.ts`, base]) {
    if (candidate.endsWith('.ts') && existsSync(candidate)) return candidate;
  }
  return null;
}

function importsOf(file, text) {
  if (text === undefined && importsCache.has(file)) return importsCache.get(file);
  const source = text ?? readFileSync(file, 'utf8');
  const found = ts
    .preProcessFile(source, true, true)
    .importedFiles.map((entry) => resolveSpecifier(file, entry.fileName))
    .filter((target) => target !== null);
  if (text === undefined) importsCache.set(file, found);
  return found;
}

/** A path of imports from `start` back to `target`, or null (breadth first: the shortest). */
function pathBack(start, target) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (next === target) {
        const route = [file];
        for (let step = previous.get(file); step; step = previous.get(step)) route.unshift(step);
        return route;
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return null;
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycle, counting type-only imports' },
    messages: { cycle: 'Import cycle (type imports count): {{route}}' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    const cwd = context.cwd;
    const report = (node, specifier) => {
      const target = resolveSpecifier(file, specifier);
      if (!target || target === file) return;
      const route = pathBack(target, file);
      if (!route) return;
      context.report({ node, messageId: 'cycle', data: { route: [file, ...route, file].map((step) => relative(cwd, step)).join(' → ') } });
    };
    const check = (node) => {
      if (node.source && typeof node.source.value === 'string') report(node, node.source.value);
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: (node) => {
        if (node.source.type === 'Literal' && typeof node.source.value === 'string') report(node, node.source.value);
      },
    };
  },
};
