import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseOidcProviders, type OidcProviderSettings } from './oidc-providers.js';

/** The validated configuration the whole server reads; every field comes from one environment variable. */
export interface Environment {
  port: number;
  dataDir: string;
  /** Absent for the embedded SQLite database. */
  databaseUrl: string | undefined;
  /** PostgreSQL schema holding the tables (default: the server's search_path, normally public). */
  databaseSchema: string | undefined;
  /** SQLite only: worker threads with read-only connections for the searches that may run long (0: on the main connection). */
  sqliteReaderThreads: number;
  /** PostgreSQL only: how many of the applicants list's long reads one process runs at once (0: no limit). */
  postgresLongReads: number;
  /** The applicants list's long reads (reader threads, POSTGRES_LONG_READS): the time each may take before it answers 503 LIST_READ_TOO_SLOW (0: none). */
  longReadBudgetMs: number;
  appSecret: string;
  /** Key-encryption keys of the images and faces at rest (DATA_ENCRYPTION_KEY or the key file; DATA_ENCRYPTION_KEY_PREVIOUS while rotating). */
  dataEncryption: DataEncryptionSettings;
  publicUrl: string;
  trustProxy: boolean;
  /** What one HTTP connection may take of the server (HTTP_*). */
  http: HttpLimits;
  smtpUrl: string | undefined;
  /** Sender of every e-mail (MAIL_FROM); defaults to no-reply at the PUBLIC_URL host. */
  mailFrom: string;
  redisUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** The shortest new password accepted (PASSWORD_MIN_LENGTH, 4 to 32; the spec's floor is 4). */
  passwordMinLength: number;
  allowPrivateWebhooks: boolean;
  clientDir: string;
  /** Set when the Sumsub provider replaces the built-in widget. */
  sumsub: SumsubSettings | undefined;
  /** Demo accounts one IP address may create per hour. */
  demoAccountsPerHour: number;
  /** The verification page's session lifetimes and abuse limits. */
  verification: VerificationSettings;
  analysis: AnalysisSettings;
  sanctionsLists: SanctionsListSettings;
  /** Staff single sign-on (OIDC_PROVIDERS); empty: password sign-in only. */
  oidcProviders: OidcProviderSettings[];
}

export interface HttpLimits {
  /** A request's headers must arrive within this (slow clients cannot hold a connection with a trickle of headers). */
  headersTimeoutMs: number;
  /** A whole request, body included, must arrive within this. */
  requestTimeoutMs: number;
  /** Open connections at once; more are refused. */
  maxConnections: number;
}

export interface DataEncryptionSettings {
  /** Wraps every new data key; 32 bytes. */
  key: Buffer;
  /** The key being rotated away from: still unwraps, never wraps (DATA_ENCRYPTION_KEY_PREVIOUS). */
  previousKey: Buffer | undefined;
  /** Where the key came from, for messages: the variable, or the key file's path. */
  source: string;
}

export interface SanctionsListSettings {
  /** A directory polled for official list files (SANCTIONS_LISTS_DIR); unset: no polling. */
  directory: string | undefined;
  /** How often the directory is polled. */
  pollMs: number;
  /** Applicants verified within this many years are rescreened when a list changes (SCREENING_MONITORING_YEARS). */
  monitoringYears: number;
}

export interface AnalysisSettings {
  /** Worker threads per process for CPU-heavy analysis (document reading, image measures). */
  threads: number;
  /** Whether this app process runs analysis jobs itself (false: `npm run worker` processes do, over REDIS_URL). */
  inApp: boolean;
  /** The embedding new faces are stored and compared under (FACE_EMBEDDING_MODEL; face-reading/face-models.ts). */
  faceModel: 'faceres' | 'dlib';
  /** Whether stored faces of another model are moved to it in the background (FACE_MODEL_MIGRATION: background | paused). */
  faceMigration: 'background' | 'paused';
}

export interface VerificationSettings {
  /** How long a session link (and a browser's resume secret) works. */
  sessionTtlMs: number;
  /** Applicants never submitted are removed this long after they were created. */
  abandonedAfterMs: number;
  tokensPerIpPerMinute: number;
  newApplicantsPerIpPerHour: number;
  newApplicantsPerOrganizationPerHour: number;
  uploadsPerIpPerMinute: number;
  submissionsPerIpPerHour: number;
  photosPerSidePerSession: number;
  uploadBytesPerSession: number;
  /** Uploads of one session whose photo checks (measures, pre-fill reading) may be under way at once, per process. */
  capturesPerSession: number;
  /** The same, for one IP address. */
  capturesPerIp: number;
  /** An upload answers without the pre-fill when the photo's reading is not done this long after its checks began. */
  prefillTimeoutMs: number;
  streamsPerToken: number;
  streamsPerIp: number;
}

export interface SumsubSettings {
  appToken: string;
  secretKey: string;
  /** Secret of the webhook configured in Sumsub's dashboard (verifies X-Payload-Digest). */
  webhookSecret: string | undefined;
  baseUrl: string;
  levelName: string;
}

/** A configuration problem the operator must fix; main.ts prints its message as one line and exits. */
export class ConfigurationError extends Error {}

type RawEnv = Record<string, string | undefined>;

function optional(env: RawEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function parsePort(env: RawEnv): number {
  const raw = optional(env, 'PORT');
  if (raw === undefined) return 3000;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new ConfigurationError(`PORT must be a whole number from 0 to 65535, got '${raw}'`);
  }
  return port;
}

function parsePositiveInteger(env: RawEnv, name: string, fallback: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new ConfigurationError(`${name} must be a whole number of at least 1, got '${raw}'`);
  return Number(raw);
}

function parseWholeNumber(env: RawEnv, name: string, fallback: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigurationError(`${name} must be a whole number (0 or more), got '${raw}'`);
  return Number(raw);
}

function parseBoolean(env: RawEnv, name: string): boolean {
  const raw = optional(env, name);
  if (raw === undefined) return false;
  if (['true', '1', 'yes'].includes(raw.toLowerCase())) return true;
  if (['false', '0', 'no'].includes(raw.toLowerCase())) return false;
  throw new ConfigurationError(`${name} must be true or false, got '${raw}'`);
}

function parseUrl(env: RawEnv, name: string, protocols: string[]): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigurationError(`${name} must be a URL starting with ${protocols.join(' or ')}, got an unparseable value`);
  }
  if (!protocols.includes(url.protocol.replace(/:$/, '') + '://')) {
    throw new ConfigurationError(`${name} must be a URL starting with ${protocols.join(' or ')}, got '${url.protocol}//…'`);
  }
  return raw;
}

function parseEmail(env: RawEnv, name: string): string | undefined {
  const raw = optional(env, name);
  if (raw !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(raw)) {
    throw new ConfigurationError(`${name} must be an e-mail address, got '${raw}'`);
  }
  return raw;
}

/** MAIL_FROM is an address, optionally with a display name: `KYC platform <no-reply@example.com>`. */
function parseMailFrom(env: RawEnv, publicUrl: string): string {
  const raw = optional(env, 'MAIL_FROM');
  if (raw === undefined) return `KYC platform <no-reply@${new URL(publicUrl).hostname}>`;
  if (!/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(raw)) {
    throw new ConfigurationError(`MAIL_FROM must be an e-mail address or 'Name <address>', got '${raw}'`);
  }
  return raw;
}

/** Reads APP_SECRET, or the secret generated on first start and kept in the data directory. */
function loadAppSecret(env: RawEnv, dataDir: string): string {
  const raw = optional(env, 'APP_SECRET');
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigurationError('APP_SECRET must be at least 32 characters long');
    return raw;
  }
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** 32 bytes written as 64 hexadecimal digits or as base64 (standard or URL-safe). */
export function parseDataKey(raw: string, name: string): Buffer {
  const value = raw.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(value) ? Buffer.from(value, 'base64') : undefined;
  if (key?.length !== 32) {
    throw new ConfigurationError(`${name} must be 32 random bytes written as 64 hex digits or 44 base64 characters (make one with: openssl rand -base64 32)`);
  }
  return key;
}

/**
 * DATA_ENCRYPTION_KEY, or the key generated on first start and kept in the data
 * directory as `data-encryption-key` (like the app secret). Which one is right for the
 * database is checked once it is open (openDataKeyring).
 */
function loadDataEncryption(env: RawEnv, dataDir: string): DataEncryptionSettings {
  const previous = optional(env, 'DATA_ENCRYPTION_KEY_PREVIOUS');
  const previousKey = previous === undefined ? undefined : parseDataKey(previous, 'DATA_ENCRYPTION_KEY_PREVIOUS');
  const raw = optional(env, 'DATA_ENCRYPTION_KEY');
  if (raw !== undefined) return { key: parseDataKey(raw, 'DATA_ENCRYPTION_KEY'), previousKey, source: 'DATA_ENCRYPTION_KEY' };
  const file = join(dataDir, 'data-encryption-key');
  if (existsSync(file)) return { key: parseDataKey(readFileSync(file, 'utf8'), `The key file ${file}`), previousKey, source: file };
  writeFileSync(file, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  return { key: parseDataKey(readFileSync(file, 'utf8'), file), previousKey, source: file };
}

/**
 * The start's warning when the data key is the generated file in DATA_DIR while the
 * SQLite database lives there too: one copy of the directory (a backup, a disk image)
 * then holds the encrypted images and the key that opens them.
 */
export function keyBesideDatabaseWarning(env: Pick<Environment, 'databaseUrl' | 'dataDir' | 'dataEncryption'>): string | undefined {
  if (env.databaseUrl || env.dataEncryption.source === 'DATA_ENCRYPTION_KEY') return undefined;
  return (
    `The data encryption key is the file ${env.dataEncryption.source}, in DATA_DIR beside the database: a copy of ${env.dataDir} holds both the encrypted ` +
    'documents and the key that opens them. Keep the key elsewhere: set DATA_ENCRYPTION_KEY from a secret store or a mounted secret file (docs/operations.md, "Keeping the key apart").'
  );
}

function parseSumsub(env: RawEnv): SumsubSettings | undefined {
  const appToken = optional(env, 'SUMSUB_APP_TOKEN');
  const secretKey = optional(env, 'SUMSUB_SECRET_KEY');
  if ((appToken === undefined) !== (secretKey === undefined)) {
    throw new ConfigurationError('SUMSUB_APP_TOKEN and SUMSUB_SECRET_KEY must be set together (or both left unset)');
  }
  if (appToken === undefined || secretKey === undefined) return undefined;
  return {
    appToken,
    secretKey,
    webhookSecret: optional(env, 'SUMSUB_WEBHOOK_SECRET'),
    baseUrl: (parseUrl(env, 'SUMSUB_BASE_URL', ['http://', 'https://']) ?? 'https://api.sumsub.com').replace(/\/+$/, ''),
    levelName: optional(env, 'SUMSUB_LEVEL_NAME') ?? 'basic-kyc-level',
  };
}

const HOUR_MS = 60 * 60 * 1000;

function parseVerification(env: RawEnv): VerificationSettings {
  return {
    sessionTtlMs: parsePositiveInteger(env, 'KYC_SESSION_TTL_HOURS', 24) * HOUR_MS,
    abandonedAfterMs: parsePositiveInteger(env, 'KYC_ABANDONED_AFTER_HOURS', 24) * HOUR_MS,
    tokensPerIpPerMinute: parsePositiveInteger(env, 'KYC_TOKENS_PER_IP_PER_MINUTE', 30),
    newApplicantsPerIpPerHour: parsePositiveInteger(env, 'KYC_NEW_APPLICANTS_PER_IP_PER_HOUR', 20),
    newApplicantsPerOrganizationPerHour: parsePositiveInteger(env, 'KYC_NEW_APPLICANTS_PER_ORGANIZATION_PER_HOUR', 2000),
    uploadsPerIpPerMinute: parsePositiveInteger(env, 'KYC_UPLOADS_PER_IP_PER_MINUTE', 30),
    submissionsPerIpPerHour: parsePositiveInteger(env, 'KYC_SUBMISSIONS_PER_IP_PER_HOUR', 20),
    photosPerSidePerSession: parsePositiveInteger(env, 'KYC_PHOTOS_PER_SIDE', 5),
    uploadBytesPerSession: parsePositiveInteger(env, 'KYC_UPLOAD_MB_PER_SESSION', 60) * 1024 * 1024,
    capturesPerSession: parsePositiveInteger(env, 'KYC_CAPTURES_PER_SESSION', 2),
    capturesPerIp: parsePositiveInteger(env, 'KYC_CAPTURES_PER_IP', 4),
    prefillTimeoutMs: parsePositiveInteger(env, 'KYC_PREFILL_TIMEOUT_MS', 4000),
    streamsPerToken: parsePositiveInteger(env, 'KYC_STREAMS_PER_TOKEN', 5),
    streamsPerIp: parsePositiveInteger(env, 'KYC_STREAMS_PER_IP', 100),
  };
}

/** Validates the process environment; throws a ConfigurationError naming the variable at fault. */
export function loadEnvironment(env: RawEnv = process.env): Environment {
  const port = parsePort(env);
  const dataDir = resolve(optional(env, 'DATA_DIR') ?? './data');
  try {
    // Owner only: it holds the SQLite file, the app secret and (by default) the data key.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch {
    throw new ConfigurationError(`DATA_DIR must be a writable directory, got '${dataDir}'`);
  }
  const databaseUrl = parseUrl(env, 'DATABASE_URL', ['postgres://', 'postgresql://']);
  const databaseSchema = optional(env, 'DATABASE_SCHEMA');
  if (databaseSchema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(databaseSchema)) {
    throw new ConfigurationError(`DATABASE_SCHEMA must be a lower-case SQL identifier, got '${databaseSchema}'`);
  }
  const publicUrl = parseUrl(env, 'PUBLIC_URL', ['http://', 'https://']) ?? `http://localhost:${port}`;
  const adminEmail = parseEmail(env, 'ADMIN_EMAIL');
  const adminPassword = optional(env, 'ADMIN_PASSWORD');
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 128)) {
    throw new ConfigurationError('ADMIN_PASSWORD must be 8 to 128 characters long');
  }
  if ((adminEmail === undefined) !== (adminPassword === undefined)) {
    throw new ConfigurationError('ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset)');
  }
  return {
    port,
    dataDir,
    databaseUrl,
    databaseSchema,
    sqliteReaderThreads: parseWholeNumber(env, 'SQLITE_READER_THREADS', 2),
    postgresLongReads: parseWholeNumber(env, 'POSTGRES_LONG_READS', 2),
    longReadBudgetMs: parseWholeNumber(env, 'LONG_READ_BUDGET_MS', 10_000),
    appSecret: loadAppSecret(env, dataDir),
    dataEncryption: loadDataEncryption(env, dataDir),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    trustProxy: parseBoolean(env, 'TRUST_PROXY'),
    http: {
      headersTimeoutMs: parsePositiveInteger(env, 'HTTP_HEADERS_TIMEOUT_SECONDS', 20) * 1000,
      requestTimeoutMs: parsePositiveInteger(env, 'HTTP_REQUEST_TIMEOUT_SECONDS', 120) * 1000,
      maxConnections: parsePositiveInteger(env, 'HTTP_MAX_CONNECTIONS', 1000),
    },
    smtpUrl: parseUrl(env, 'SMTP_URL', ['smtp://', 'smtps://']),
    mailFrom: parseMailFrom(env, publicUrl),
    redisUrl: parseUrl(env, 'REDIS_URL', ['redis://', 'rediss://']),
    adminEmail,
    adminPassword,
    passwordMinLength: parsePasswordMinLength(env),
    allowPrivateWebhooks: parseBoolean(env, 'ALLOW_PRIVATE_WEBHOOKS'),
    clientDir: resolve(optional(env, 'CLIENT_DIR') ?? 'dist/client'),
    sumsub: parseSumsub(env),
    demoAccountsPerHour: parsePositiveInteger(env, 'DEMO_ACCOUNTS_PER_HOUR', 10),
    verification: parseVerification(env),
    analysis: parseAnalysis(env),
    sanctionsLists: parseSanctionsLists(env),
    oidcProviders: parseOidcProviders(optional(env, 'OIDC_PROVIDERS'), (message) => new ConfigurationError(message)),
  };
}

/** The spec's 4 to 32 characters stay the bounds; new installations ask for 8 unless told otherwise. */
function parsePasswordMinLength(env: RawEnv): number {
  const raw = optional(env, 'PASSWORD_MIN_LENGTH');
  if (raw === undefined) return 8;
  if (!/^\d+$/.test(raw) || Number(raw) < 4 || Number(raw) > 32)
    throw new ConfigurationError(`PASSWORD_MIN_LENGTH must be a whole number from 4 to 32, got '${raw}'`);
  return Number(raw);
}

function parseSanctionsLists(env: RawEnv): SanctionsListSettings {
  const directory = optional(env, 'SANCTIONS_LISTS_DIR');
  if (directory !== undefined && !existsSync(directory)) {
    throw new ConfigurationError(`SANCTIONS_LISTS_DIR must be an existing directory, got '${directory}'`);
  }
  return {
    directory: directory === undefined ? undefined : resolve(directory),
    pollMs: parsePositiveInteger(env, 'SANCTIONS_LISTS_POLL_MINUTES', 60) * 60_000,
    monitoringYears: parsePositiveInteger(env, 'SCREENING_MONITORING_YEARS', 5),
  };
}

function parseAnalysis(env: RawEnv): AnalysisSettings {
  const workersOnly = parseBoolean(env, 'ANALYSIS_WORKERS_ONLY');
  if (workersOnly && !optional(env, 'REDIS_URL')) {
    throw new ConfigurationError('ANALYSIS_WORKERS_ONLY needs REDIS_URL: the workers take their jobs from Redis');
  }
  return {
    threads: parsePositiveInteger(env, 'ANALYSIS_THREADS', Math.max(1, availableParallelism() - 1)),
    inApp: !workersOnly,
    faceModel: parseChoice(env, 'FACE_EMBEDDING_MODEL', ['dlib', 'faceres'] as const),
    faceMigration: parseChoice(env, 'FACE_MODEL_MIGRATION', ['background', 'paused'] as const),
  };
}

/** One of `choices`, the first when unset. */
function parseChoice<T extends string>(env: RawEnv, name: string, choices: readonly [T, ...T[]]): T {
  const raw = optional(env, name);
  if (raw === undefined) return choices[0];
  if (!(choices as readonly string[]).includes(raw)) throw new ConfigurationError(`${name} must be one of ${choices.join(', ')}, got '${raw}'`);
  return raw as T;
}
