import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { DataSource } from 'typeorm';
import { availableParallelism } from 'node:os';
import { FakeSubmissionPool } from '../analysis/fake-submission-pool.js';
import { FACED_SUBMISSIONS } from '../fake-data/fake-faces.js';
import { seedApplicants } from '../fake-data/seed-applicants.js';
import { AuditEvent } from '../audit/audit-event.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { ConfigurationError, loadEnvironment } from '../config/environment.js';
import { openDataKeyring } from '../data-protection/data-keyring.js';
import { dataSourceOptions } from '../data-source-options.js';
import { installSqliteTransactionGate } from '../database/sqlite-transaction-gate.js';
import { newCompanyKey } from '../organizations/company-key.js';
import { Organization } from '../organizations/organization.entity.js';
import { User } from '../users/user.entity.js';
import { identityKey } from '../users/identity-key.js';

const USAGE = `Usage: npm run seed -- --organization <name> --applicants <n> [options]

Adds fake applicants (identity data, and unless told otherwise each submitted
applicant's document photos, selfie and analysis results) to an organization,
creating the organization when none has that name. Uses the app's database:
DATABASE_URL, or the SQLite file in DATA_DIR.

Options:
  --organization <name>  organization to fill (created when missing)
  --applicants <n>       number of applicants to add (1 to 10000000)
  --owner <username>     owner of a new organization (default: the first super-admin)
  --seed <text>          series to draw from (default: the organization id)
  --images / --no-images draw document photos and a selfie, store the analysis results
                         (one thread per CPU; default: only up to 1000 applicants)
  --batch <n>            applicants per transaction (default 2000, or 50 with images)
  --help                 this text`;

class UsageError extends Error {}

/** Page cache of the seeding connection on SQLite: 256 MiB. */
const SQLITE_CACHE_KIB = 256 * 1024;

interface SeedArguments {
  organization: string;
  applicants: number;
  owner?: string;
  seed?: string;
  images: boolean;
  batch?: number;
}

function parseArguments(argv: string[]): SeedArguments | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      organization: { type: 'string' },
      applicants: { type: 'string' },
      owner: { type: 'string' },
      seed: { type: 'string' },
      images: { type: 'boolean' },
      'no-images': { type: 'boolean' },
      batch: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const organization = values.organization?.trim();
  if (!organization || organization.length > 100) throw new UsageError('--organization <name> is required (1 to 100 characters)');
  const applicants = wholeNumber(values.applicants, '--applicants', 1, 10_000_000);
  if (applicants === undefined) throw new UsageError('--applicants <n> is required');
  if (values.images && values['no-images']) throw new UsageError('Give --images or --no-images, not both');
  return {
    organization,
    applicants,
    owner: values.owner?.trim() || undefined,
    seed: values.seed,
    images: values.images ?? (values['no-images'] ? false : applicants <= 1000),
    batch: wholeNumber(values.batch, '--batch', 1, 10_000),
  };
}

function wholeNumber(raw: string | undefined, name: string, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got '${raw}'`);
  return value;
}

/** The organization named so (the oldest, if several share the name), or a new one. */
async function findOrCreateOrganization(dataSource: DataSource, name: string, ownerName?: string): Promise<{ organization: Organization; created: boolean }> {
  const existing = await dataSource.getRepository(Organization).findOne({ where: { name }, order: { createdAt: 'ASC' } });
  if (existing) return { organization: existing, created: false };
  const users = dataSource.getRepository(User);
  const owner = ownerName
    ? await users.findOneBy({ usernameKey: identityKey(ownerName) })
    : await users.findOne({ where: { role: 'super-admin' }, order: { createdAt: 'ASC' } });
  if (!owner) {
    throw new UsageError(
      ownerName
        ? `No user named '${ownerName}' to own the new organization '${name}'`
        : `No super-admin exists to own the new organization '${name}': create one first, or pass --owner <username>`,
    );
  }
  const organization = await dataSource.transaction(async (manager) => {
    const saved = await manager.save(manager.create(Organization, { name, ownerId: owner.id, companyKey: newCompanyKey() }));
    await new AuditService(dataSource.getRepository(AuditEvent)).record(manager, {
      actor: { id: null, username: 'seed' },
      organizationId: saved.id,
      action: 'organization.created',
      detail: { name, ownerId: owner.id, source: 'npm run seed' },
    });
    return saved;
  });
  return { organization, created: true };
}

/** A progress bar on stderr: redrawn in place on a terminal, a line per tenth otherwise. */
function progressBar(label: string): (done: number, total: number) => void {
  const started = Date.now();
  let lastTenth = -1;
  return (done, total) => {
    const fraction = total === 0 ? 1 : done / total;
    const seconds = (Date.now() - started) / 1000;
    const rate = seconds > 0 ? Math.round(done / seconds) : 0;
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      process.stderr.write(
        `\r${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${(fraction * 100).toFixed(1).padStart(5)}% ${done}/${total} ${rate}/s `,
      );
      if (done === total) process.stderr.write('\n');
    } else {
      const tenth = Math.floor(fraction * 10);
      if (tenth !== lastTenth) {
        lastTenth = tenth;
        process.stderr.write(`${label} ${Math.round(fraction * 100)}% ${done}/${total} ${rate}/s\n`);
      }
    }
  };
}

async function main(): Promise<number> {
  let args: SeedArguments | 'help';
  try {
    args = parseArguments(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`seed: ${(error as Error).message}\n\n${USAGE}\n`);
    return 2;
  }
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const env = loadEnvironment();
  const dataSource = new DataSource(dataSourceOptions(env));
  await dataSource.initialize();
  installSqliteTransactionGate(dataSource);
  try {
    if (!env.databaseUrl) {
      // Index pages of a large table stay in memory between batches instead of being
      // re-read and re-written for every commit (this connection only).
      await dataSource.query(`PRAGMA cache_size = -${SQLITE_CACHE_KIB}`);
    }
    await dataSource.runMigrations({ transaction: 'each' });
    // Photos are stored encrypted: the same key check as the app's start.
    await openDataKeyring(dataSource, env.dataEncryption);
    const { organization, created } = await findOrCreateOrganization(dataSource, args.organization, args.owner);
    const started = Date.now();
    // Photos are drawn, measured and (spoilt ones) read on one thread per CPU.
    const pool = args.images ? new FakeSubmissionPool(availableParallelism()) : null;
    // The first batch's first applicants show real faces, analysed by the app's face jobs once it runs.
    let faces = FACED_SUBMISSIONS;
    const result = await seedApplicants(dataSource, organization.id, {
      count: args.applicants,
      seed: args.seed,
      draw: pool
        ? (applicants) => {
            const drawing = pool.draw(applicants, { faces });
            faces = 0;
            return drawing;
          }
        : undefined,
      batchSize: args.batch,
      onProgress: progressBar('Applicants'),
    }).finally(() => pool?.destroy());
    const seconds = (Date.now() - started) / 1000;
    const statuses = Object.entries(result.byStatus)
      .map(([status, count]) => `${status} ${count}`)
      .join(', ');
    process.stdout.write(
      [
        `Organization: ${organization.name} (${created ? 'created' : 'existing'})`,
        `  id:         ${organization.id}`,
        `  companyKey: ${organization.companyKey}`,
        `Applicants added: ${result.inserted} (${statuses})`,
        `Images added: ${result.images}`,
        `Took ${seconds.toFixed(1)} s (${Math.round(result.inserted / Math.max(seconds, 0.001))} applicants/s) on ${
          env.databaseUrl ? 'PostgreSQL' : `SQLite (${env.dataDir})`
        }`,
      ].join('\n') + '\n',
    );
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const known = error instanceof UsageError || error instanceof ConfigurationError;
    process.stderr.write(`seed: ${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
    process.exitCode = 1;
  },
);
