import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigurationError, keyBesideDatabaseWarning, loadEnvironment } from './config/environment.js';

// Validate before Nest starts so a bad setting ends start-up with one clear line.
try {
  loadEnvironment();
} catch (error) {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const { createApp } = await import('./app.factory.js');
const { appConfig } = await import('./config/config.module.js');
const app = await createApp();
const env = app.get<import('./config/config.module.js').AppConfig>(appConfig.KEY);
const keyWarning = keyBesideDatabaseWarning(env);
if (keyWarning) new Logger('DataProtection').warn(keyWarning);
await app.listen(env.port);
// Draw the shared demo documents now (on a background thread), not for the first visitor.
const { DemoService } = await import('./demo/demo.service.js');
app.get(DemoService).prepare();

// Graceful shutdown: stop accepting, let in-flight requests finish, close the database.
// A stuck connection cannot hold the process hostage for more than 10 s.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    setTimeout(() => process.exit(1), 10_000).unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
const { AdminAccountsService } = await import('./admin/admin-accounts.service.js');
const signIn = await app.get(AdminAccountsService).ensureFirstSuperAdmin();
process.stdout.write(`KYC platform is ready on ${env.publicUrl}\n${signIn}\n`);
