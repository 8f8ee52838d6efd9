import { readFileSync } from 'node:fs';
import { ESLint } from 'eslint';

/**
 * The client's direction is enforced by `npm run lint` (shared code → features → app):
 * each probe adds one forbidden import to a real file's text and expects the lint to fail
 * on it, and the file as it stands to pass. Without a resolver for extensionless imports
 * import-x resolved none of them and every probe passed.
 */
describe('npm run lint keeps the client one-way', () => {
  const eslint = new ESLint();
  const lint = async (filePath: string, text: string) => {
    const [result] = await eslint.lintText(text, { filePath });
    return result.messages.map((message) => `${message.ruleId}: ${message.message}`);
  };
  const withImport = (filePath: string, line: string) => `${line}\n${readFileSync(filePath, 'utf8')}`;
  const FEATURE_FILE = 'client/src/features/organizations/api/update-retention-policy.ts';
  const COMPONENT_FILE = 'client/src/components/brand.tsx';
  const LIB_FILE = 'client/src/lib/roles.ts';

  it('passes the files as they are', async () => {
    for (const file of [FEATURE_FILE, COMPONENT_FILE, LIB_FILE, 'client/src/app/router.tsx']) {
      expect(await lint(file, readFileSync(file, 'utf8'))).toEqual([]);
    }
  });

  it('fails when a feature imports another feature', async () => {
    const messages = await lint(
      FEATURE_FILE,
      withImport(FEATURE_FILE, "import { applicantKeys } from '../../applicants/api/query-keys';\nexport const k = applicantKeys;"),
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import each other/)]);
  });

  it('fails when a feature imports the app', async () => {
    const messages = await lint(
      FEATURE_FILE,
      withImport(FEATURE_FILE, "import { AppProviders } from '../../../app/providers';\nexport const p = AppProviders;"),
    );
    expect(messages).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*Features never import the app/)]);
  });

  it('fails when shared code (components, lib) imports a feature or the app', async () => {
    const fromComponent = await lint(
      COMPONENT_FILE,
      withImport(COMPONENT_FILE, "import { applicantKeys } from '../features/applicants/api/query-keys';\nexport const k = applicantKeys;"),
    );
    expect(fromComponent).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*client\/src\/components is shared code/)]);
    const fromLib = await lint(LIB_FILE, withImport(LIB_FILE, "import { router } from '../app/router';\nexport const r = router;"));
    expect(fromLib).toEqual([expect.stringMatching(/^import-x\/no-restricted-paths: .*client\/src\/lib is shared code/)]);
  });
});
