import 'reflect-metadata';
import { readFile } from 'node:fs/promises';
import { loadEnvironmentOrExit } from './cli-environment.js';

/**
 * `npm run lists:import -- <file> [<file> …]` imports official sanctions list files
 * (after `npm run build`), exactly as an upload in the dashboard does: the format is
 * recognised from the content, and a bad file is refused with the line or element at
 * fault while the previous version of that list stays in force.
 */
const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  process.stderr.write('Usage: npm run lists:import -- <file> [<file> …]\n');
  process.exit(1);
}
loadEnvironmentOrExit();

process.env.LOG_LEVEL ??= 'warn';
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import('../app.module.js');
const { SanctionsListsService } = await import('../sanctions/sanctions-lists.service.js');
const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
try {
  const lists = app.get(SanctionsListsService);
  for (const file of files) {
    try {
      const done = await lists.importFile({ content: await readFile(file), fileName: file, actor: { id: null, username: 'command line' }, trigger: 'cli' });
      process.stdout.write(
        `${file}: imported ${done.entityCount} entities (${done.personCount} persons) of ${done.source}, version ${done.version ?? 'not stated'}\n`,
      );
    } catch (error) {
      process.stderr.write(`${file}: ${(error as Error).message}\n`);
      process.exitCode = 1;
    }
  }
} finally {
  await app.close();
}
