/**
 * Column types that differ between the two supported databases. Entities are
 * decorated at import time, so the choice follows DATABASE_URL as it is then.
 */
const usesPostgres = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');

export const TIMESTAMP = usesPostgres ? 'timestamptz' : 'datetime';
export const BINARY = usesPostgres ? 'bytea' : 'blob';
