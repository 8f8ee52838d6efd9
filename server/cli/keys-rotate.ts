import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ConfigurationError, loadEnvironment } from '../config/environment.js';
import { openDataKeyring } from '../data-protection/data-keyring.js';
import { rotateDataKeys } from '../data-protection/key-rotation.js';
import { dataSourceOptions } from '../data-source-options.js';
import { installSqliteTransactionGate } from '../database/sqlite-transaction-gate.js';

/**
 * `npm run keys:rotate`: re-wraps the data key of every stored image and face under
 * DATA_ENCRYPTION_KEY (the new key-encryption key), unwrapping with
 * DATA_ENCRYPTION_KEY_PREVIOUS (the old one). Replicas running with both keys keep
 * serving throughout; when it ends the old key is forgotten by the database.
 * Progress goes to stdout, one line per batch. See docs/operations.md.
 */
let env;
try {
  env = loadEnvironment();
  if (!env.dataEncryption.previousKey) {
    throw new ConfigurationError('npm run keys:rotate needs the old key in DATA_ENCRYPTION_KEY_PREVIOUS and the new one in DATA_ENCRYPTION_KEY');
  }
} catch (error) {
  process.stderr.write(`${error instanceof ConfigurationError ? `Configuration error: ${error.message}` : String(error)}\n`);
  process.exit(1);
}

const dataSource = new DataSource(dataSourceOptions(env));
await dataSource.initialize();
installSqliteTransactionGate(dataSource);
try {
  await dataSource.runMigrations({ transaction: 'each' });
  await openDataKeyring(dataSource, env.dataEncryption);
  const result = await rotateDataKeys(dataSource, (progress) => {
    process.stdout.write(
      `${progress.pass > 1 ? `pass ${progress.pass}, ` : ''}${progress.table}: ${progress.scanned} rows read, ${progress.changed} re-wrapped\n`,
    );
  });
  process.stdout.write(
    `Done: ${result.rewrapped} values re-wrapped under key ${result.keyId}; a last pass over every encrypted column found none left under another key (${result.passes} ${result.passes === 1 ? 'pass' : 'passes'}). The database now knows only that key: remove DATA_ENCRYPTION_KEY_PREVIOUS.\n`,
  );
} catch (error) {
  process.stderr.write(
    `${error instanceof ConfigurationError ? `Configuration error: ${error.message}` : `Rotation stopped: ${(error as Error).message}. Run it again: it resumes.`}\n`,
  );
  process.exitCode = 1;
} finally {
  await dataSource.destroy();
}
