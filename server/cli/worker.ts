import 'reflect-metadata';
import { ConfigurationError, loadEnvironment } from '../config/environment.js';

/**
 * `npm run worker`: a process that only runs analysis jobs, taken from the Redis queue
 * that every app replica fills (REDIS_URL, and the app's DATABASE_URL). Start as many
 * as the load needs, on any machine; SIGTERM lets running jobs finish.
 */
try {
  if (!loadEnvironment().redisUrl)
    throw new ConfigurationError("npm run worker needs REDIS_URL (and the app's DATABASE_URL): workers take their jobs from Redis");
} catch (error) {
  if (error instanceof ConfigurationError) {
    process.stderr.write(`Configuration error: ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const { createWorker } = await import('../worker.module.js');
const worker = await createWorker();
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    worker.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
process.stdout.write('Analysis worker started; waiting for jobs\n');
