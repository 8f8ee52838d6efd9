import 'reflect-metadata';
import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'prof-')); process.env.DATABASE_URL=''; process.env.LOG_LEVEL='error';
const { createApp } = await import('./dist/server/app.factory.js');
const { FakeSubmissionPool } = await import('./dist/server/applicants/fake/fake-submission-pool.js');
const { DemoDatasets, seedDemoAccount } = await import('./dist/server/demo/demo-seed.js');
const { User } = await import('./dist/server/users/user.entity.js');
const { DataSource } = await import('typeorm');
const app = await createApp(); await app.init();
const ds = app.get(DataSource);
const pool = new FakeSubmissionPool(2);
const sets = new DemoDatasets(pool, console.error);
const now = new Date();
const d = sets.get(now); await d.submissions;
const nodraw = { ...d, drawn: null };
const user = await ds.getRepository(User).save({ username: 'x', email: 'x@x.x', passwordHash: 'x', role: 'kyc' });
for (const [label, set] of [['with', d], ['without', nodraw], ['with', d], ['without', nodraw], ['with', d]]) {
  const t = performance.now(); await ds.transaction(m => seedDemoAccount(m, user.id, now, set)); console.log(label, (performance.now() - t).toFixed(0));
}
// break down: images only
const { insertFakeSubmissions } = await import('./dist/server/applicants/fake/insert-fake-applicants.js');
await pool.destroy(); await app.close();
console.log('updates', globalThis.__u)
