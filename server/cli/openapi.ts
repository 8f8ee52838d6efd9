import 'reflect-metadata';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Writes openapi.json from the running application's routes and DTOs. */
const dataDir = mkdtempSync(join(tmpdir(), 'kyc-openapi-'));
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = 'error';
delete process.env.DATABASE_URL;
const { createApp } = await import('../app.factory.js');
const { buildOpenApiDocument } = await import('../openapi.js');
const app = await createApp();
await app.init();
const document = buildOpenApiDocument(app);
await app.close();
rmSync(dataDir, { recursive: true, force: true });
writeFileSync(process.argv[2] ?? 'openapi.json', JSON.stringify(document, null, 2) + '\n');
