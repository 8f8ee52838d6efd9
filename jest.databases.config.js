import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

import base from './jest.config.js';

/**
 * The server suites whose outcome can depend on the database: CI's second pass runs these on
 * PostgreSQL + Redis (`npm run test:server:databases`). A suite belongs here when it, or a
 * test/support module it imports (at any depth), opens a test database — `createTestDatabase`,
 * `startTestApp`, a server process — or reads TEST_DATABASE_URL. The other specs (the MRZ
 * reader, face geometry, lint rules, pure policy) never touch a database: a second pass would
 * run the very same code on the very same input.
 */
const root = dirname(new URL(import.meta.url).pathname);
const OPENS_A_DATABASE = /\bcreateTestDatabase\b|\bstartTestApp\b|\bspawnServer\b|TEST_DATABASE_URL/;
const IMPORT = /from\s+'(\.{1,2}\/[^']+)\.js'/g;

const opens = new Map();
/** Whether the file at `path` (without extension) opens a test database, itself or through an import. */
function opensDatabase(path) {
  if (opens.has(path)) return opens.get(path);
  opens.set(path, false);
  let source;
  try {
    source = readFileSync(`${path}.ts`, 'utf8');
  } catch {
    return false;
  }
  const direct = OPENS_A_DATABASE.test(source);
  const imported = [...source.matchAll(IMPORT)]
    .map((match) => resolve(dirname(path), match[1]))
    .filter((target) => target.startsWith(join(root, 'test/support')));
  const result = direct || imported.some(opensDatabase);
  opens.set(path, result);
  return result;
}

function specsUnder(dir) {
  return readdirSync(join(root, dir), { recursive: true })
    .filter((file) => file.endsWith('.spec.ts'))
    .map((file) => join(root, dir, file));
}

export const databaseSuites = ['server', 'test/api']
  .flatMap(specsUnder)
  .filter((file) => opensDatabase(file.slice(0, -'.ts'.length)))
  .map((file) => relative(root, file))
  .sort();

export default { ...base, testMatch: databaseSuites.map((file) => `<rootDir>/${file}`) };
