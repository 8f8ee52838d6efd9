import { existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The compiled module of a worker thread, named beside the module at `moduleUrl`: the
 * file itself in dist/, or dist/'s copy when the server runs from source (the server
 * test command builds dist first).
 */
export function builtWorkerFile(moduleUrl: string, fileName: string): string {
  const beside = fileURLToPath(new URL(`./${fileName}`, moduleUrl));
  return existsSync(beside) ? beside : join(ROOT, 'dist', relative(ROOT, beside));
}
