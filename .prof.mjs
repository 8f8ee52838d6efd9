import 'reflect-metadata';
import { mkdtempSync } from 'node:fs'; import { tmpdir } from 'node:os'; import { join } from 'node:path';
process.env.DATA_DIR = mkdtempSync(join(tmpdir(), 'prof-')); process.env.DATABASE_URL=''; process.env.LOG_LEVEL='error';
const { createApp } = await import('./dist/server/app.factory.js');
const { DemoService } = await import('./dist/server/demo/demo.service.js');
const { DataSource } = await import('typeorm');
const app = await createApp(); await app.init();
const demo = app.get(DemoService);
demo.prepare();
await new Promise(r => setTimeout(r, 25000));
const ds = app.get(DataSource);
for (let i = 0; i < 5; i++) { const t = performance.now(); await demo.register('1.2.3.' + i); console.log('register', (performance.now() - t).toFixed(0)); }
const [{ n, b }] = await ds.query('select count(*) n, sum(length(data)) b from applicant_images');
console.log('images', n, 'bytes per account', (b / 5 / 1024 / 1024).toFixed(2), 'MiB');
const rows = await ds.query("select docType, side, count(*) n, avg(length(data)) b from applicant_images group by docType, side");
console.log(rows);
await app.close();
