import { chmodSync, existsSync } from 'node:fs';

/** Owner read and write only: the database file and its WAL hold every applicant's identity data. */
const PRIVATE_FILE = 0o600;

/**
 * Makes the SQLite file, and its -wal and -shm when present, readable by the service's
 * own user only. Run as each connection opens, before WAL mode: SQLite creates the -wal
 * and -shm files with the database file's permissions, so they follow.
 */
export function keepDatabaseFilesPrivate(databaseFile: string): void {
  for (const file of [databaseFile, `${databaseFile}-wal`, `${databaseFile}-shm`]) {
    if (existsSync(file)) chmodSync(file, PRIVATE_FILE);
  }
}
