#!/usr/bin/env node
// Writes the table of every error code (one row per module catalogue entry, from the
// built server's *.errors.js files) into docs/api.md between its markers. Run by
// `npm run openapi`; test/api/error-codes.spec.ts fails when the table is stale.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const START = '<!-- error-codes:start -->';
const END = '<!-- error-codes:end -->';

const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (name.endsWith('.errors.js') || name === 'app-error.js') files.push(path);
  }
};
walk('dist/server');

const rows = new Map();
for (const file of files.sort()) {
  const exports = await import(pathToFileURL(resolve(file)).href);
  for (const catalogue of Object.values(exports)) {
    if (!catalogue || typeof catalogue !== 'object' || !('entries' in catalogue) || !('module' in catalogue)) continue;
    for (const [code, entry] of Object.entries(catalogue.entries)) {
      const text = (entry.description ?? entry.message).replaceAll('|', '\\|');
      rows.set(code, `| \`${code}\` | ${entry.status} | ${catalogue.module} | ${text} |`);
    }
  }
}

const table = ['| code | HTTP status | module | meaning |', '| --- | --- | --- | --- |', ...[...rows.values()].sort()].join('\n');
const doc = readFileSync('docs/api.md', 'utf8');
const start = doc.indexOf(START);
const end = doc.indexOf(END);
if (start < 0 || end < start) throw new Error(`docs/api.md lacks the ${START} … ${END} markers`);
writeFileSync('docs/api.md', `${doc.slice(0, start + START.length)}\n${table}\n${doc.slice(end)}`);
console.log(`docs/api.md: ${rows.size} error codes`);
