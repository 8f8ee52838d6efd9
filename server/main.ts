import 'reflect-metadata';
import { ConfigurationError, loadEnvironment } from './config/environment.js';

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
await app.listen(env.port);
process.stdout.write(`KYC platform is ready on ${env.publicUrl}\n`);
