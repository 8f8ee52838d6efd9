import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { ConfigurationError, loadEnvironment } from '../config/environment.js';

/**
 * `npm run create-admin -- --email you@example.com [--username you]` creates a
 * super-admin and prints a one-time link to choose the password. With ADMIN_PASSWORD
 * in the environment the password is set directly instead (never as an argument: it
 * would show in the process list and the shell history).
 */
const usage = 'Usage: npm run create-admin -- --email <address> [--username <name>]';
let options: { email?: string; username?: string };
try {
  options = parseArgs({ options: { email: { type: 'string' }, username: { type: 'string' } } }).values;
  loadEnvironment();
} catch (error) {
  process.stderr.write(`${error instanceof ConfigurationError ? `Configuration error: ${error.message}` : usage}\n`);
  process.exit(1);
}
if (!options.email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(options.email)) {
  process.stderr.write(`${usage}\n`);
  process.exit(1);
}

process.env.LOG_LEVEL ??= 'warn';
const { NestFactory } = await import('@nestjs/core');
const { AppModule } = await import('../app.module.js');
const { AdminAccountsService } = await import('../admin/admin-accounts.service.js');
const app = await NestFactory.createApplicationContext(AppModule, { logger: ['error', 'warn'] });
try {
  const link = await app.get(AdminAccountsService).createSuperAdmin(options.email, options.username, process.env.ADMIN_PASSWORD || undefined);
  process.stdout.write(
    link
      ? `Created the super-admin ${options.email.toLowerCase()}. Open this one-time link (valid 72 hours) to choose the password:\n${link}\n`
      : `Created the super-admin ${options.email.toLowerCase()} with the password from ADMIN_PASSWORD.\n`,
  );
} catch (error) {
  process.stderr.write(`Could not create the administrator: ${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await app.close();
}
