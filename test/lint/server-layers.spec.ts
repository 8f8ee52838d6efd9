import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';

/**
 * The server's direction is enforced by `npm run lint`: these add a back-import or a
 * cycle to a real file's text and expect the lint to fail on it, and the file as it
 * stands to pass.
 */
describe('npm run lint keeps the server one-way', () => {
  const eslint = new ESLint();
  const lint = async (filePath: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath });
    return result.messages.map((message) => message.ruleId);
  };
  const withImport = (filePath: string, line: string) => `${line}\n${readFileSync(filePath, 'utf8')}`;

  it('passes the files as they are', async () => {
    for (const file of ['server/common/clock.ts', 'server/organizations/organization.entity.ts', 'server/users/users.service.ts']) {
      expect(await lint(file, readFileSync(file, 'utf8'))).toEqual([]);
    }
  });

  it('fails when a lower layer imports a higher one', async () => {
    const file = 'server/common/clock.ts';
    const rules = await lint(
      file,
      withImport(file, "import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.js';\nexport type L = ApplicantLifecycle;"),
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('fails when accounts import organizations, or anything imports the composition root', async () => {
    const file = 'server/users/users.service.ts';
    expect(await lint(file, withImport(file, "import '../organizations/organizations.service.js';"))).toContain('import-x/no-restricted-paths');
    expect(await lint(file, withImport(file, "import '../app.module.js';"))).toContain('import-x/no-restricted-paths');
  });

  it('fails on an import cycle inside one layer', async () => {
    const file = 'server/organizations/organization.entity.ts';
    const rules = await lint(file, withImport(file, "import './organization-access.service.js';"));
    expect(rules).toContain('local/no-cycle');
  });

  it('fails on a cycle that only a type import closes (import-x/no-cycle skips those)', async () => {
    // The lifecycle imports the check entity; the entity taking a type back from it is a cycle.
    const file = 'server/applicants/applicant-check.entity.ts';
    const rules = await lint(
      file,
      withImport(file, "import type { ApplicantLifecycle } from './lifecycle/applicant-lifecycle.js';\nexport type L = ApplicantLifecycle;"),
    );
    expect(rules).toEqual(['local/no-cycle']);
  });

  it('keeps the bottom in order: config imports nothing of the server, the database only config, data protection neither common nor mail', async () => {
    const config = 'server/config/environment.ts';
    expect(await lint(config, withImport(config, "import '../common/clock.js';"))).toContain('import-x/no-restricted-paths');
    expect(await lint(config, withImport(config, "import '../database/column-types.js';"))).toContain('import-x/no-restricted-paths');
    const database = 'server/database/transaction.ts';
    expect(await lint(database, withImport(database, "import '../data-protection/envelope.js';"))).toContain('import-x/no-restricted-paths');
    expect(await lint(database, withImport(database, "import '../common/clock.js';"))).toContain('import-x/no-restricted-paths');
    const protection = 'server/data-protection/envelope.ts';
    expect(await lint(protection, withImport(protection, "import '../common/clock.js';"))).toContain('import-x/no-restricted-paths');
  });

  it('fails when a provider is not in the file named for it, whatever the suffix', async () => {
    // ApplicantLifecycle (no suffix) and UsersService (the .service part) moved to files named otherwise.
    expect(
      await lint('server/applicants/lifecycle/applicant-lifecycle.service.ts', readFileSync('server/applicants/lifecycle/applicant-lifecycle.ts', 'utf8')),
    ).toContain('local/provider-file-name');
    expect(await lint('server/users/users-service.ts', readFileSync('server/users/users.service.ts', 'utf8'))).toContain('local/provider-file-name');
    expect(await lint('server/common/clock.ts', readFileSync('server/common/clock.ts', 'utf8'))).not.toContain('local/provider-file-name');
  });

  it('fails on a source file of more than 400 lines of code; blank lines and comments do not count', async () => {
    const lines = (count: number) => Array.from({ length: count }, (_, index) => `export const line${index} = ${index};`).join('\n');
    expect(await lint('server/common/long-probe.ts', `${lines(401)}\n`)).toContain('max-lines');
    expect(await lint('server/common/long-probe.ts', `${lines(400)}\n\n// a comment\n\n`)).not.toContain('max-lines');
  });

  it('refuses to run while a folder of server/ is in no layer', () => {
    const probe = 'server/unlisted-probe';
    mkdirSync(probe);
    try {
      writeFileSync(`${probe}/probe.ts`, 'export const probe = 1;\n');
      const run = spawnSync(process.execPath, ['node_modules/eslint/bin/eslint.js', 'server/config/role-name.ts'], { encoding: 'utf8' });
      expect(run.status).not.toBe(0);
      expect(run.stderr).toContain('server/unlisted-probe is in no layer');
    } finally {
      rmSync(probe, { recursive: true, force: true });
    }
  });
});
