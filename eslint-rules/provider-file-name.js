import { basename } from 'node:path';

/**
 * `local/provider-file-name`: a Nest provider (an `@Injectable()` class) lives in the file
 * named for it, so its name and its file say the same thing and a reader finds one from the
 * other. The role suffixes Nest and this codebase use map to a dotted part
 * (`UsersService` → `users.service.ts`, `AccessGuard` → `access.guard.ts`,
 * `OwnerSettingsReader` → `owner-settings.reader.ts`); any other name is the whole file name
 * (`ApplicantLifecycle` → `applicant-lifecycle.ts`). `Service` is such a suffix, not a
 * requirement: a provider is named for what it is.
 */
export const ROLE_SUFFIXES = ['Service', 'Guard', 'Middleware', 'Strategy', 'Handler', 'Reader', 'Publisher', 'Client', 'Cache'];

const kebab = (name) => name.replace(/(?<!^)(?=[A-Z])/g, '-').toLowerCase();

export function expectedFileName(className) {
  const suffix = ROLE_SUFFIXES.find((role) => className.endsWith(role) && className !== role);
  return suffix ? `${kebab(className.slice(0, -suffix.length))}.${suffix.toLowerCase()}.ts` : `${kebab(className)}.ts`;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'An @Injectable() class lives in the file named for it' },
    schema: [],
    messages: { misnamed: "The provider {{name}} belongs in '{{expected}}' (this file is '{{actual}}'): rename the file or the class." },
  },
  create(context) {
    return {
      ClassDeclaration(node) {
        const injectable = (node.decorators ?? []).some((decorator) => {
          const expression = decorator.expression;
          return expression.type === 'CallExpression' && expression.callee.type === 'Identifier' && expression.callee.name === 'Injectable';
        });
        if (!injectable || !node.id) return;
        const actual = basename(context.filename);
        const expected = expectedFileName(node.id.name);
        if (actual !== expected) context.report({ node: node.id, messageId: 'misnamed', data: { name: node.id.name, expected, actual } });
      },
    };
  },
};
