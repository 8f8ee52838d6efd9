import { readFileSync } from 'node:fs';
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
    const rules = await lint(file, withImport(file, "import { ApplicantLifecycle } from '../applicants/lifecycle/applicant-lifecycle.service.js';\nexport type L = ApplicantLifecycle;"));
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
    expect(rules).toContain('import-x/no-cycle');
  });
});
