import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { appConfig, type AppConfig } from '../../server/config/config.module.js';
import type { RoleName } from '../../server/config/role-name.js';
import { issueApiKey } from '../../server/api-keys/api-key.js';
import { User } from '../../server/users/user.entity.js';
import type { TestApp } from './app.js';

export const TEST_PASSWORD = 'correct-horse-9';

export interface TestUser {
  user: User;
  password: string;
  apiKey: string;
  /** Headers that authenticate as this user with their API key. */
  auth: { Authorization: string };
}

let counter = 0;

/** Creates an account directly in the database (no e-mail, no throttling) with an API key. */
export async function createUser(
  t: TestApp,
  overrides: Partial<Pick<User, 'role' | 'isDemo' | 'isConfirmed' | 'username' | 'email' | 'webhookUrl' | 'redirectUrl'>> & {
    role?: RoleName;
  } = {},
): Promise<TestUser> {
  counter += 1;
  const tag = `${counter}${randomBytes(3).toString('hex')}`;
  const env = t.app.get<AppConfig>(appConfig.KEY);
  const key = issueApiKey(env.appSecret);
  const repository = t.app.get(DataSource).getRepository(User);
  const user = await repository.save(
    repository.create({
      username: `user${tag}`,
      email: `user${tag}@example.test`,
      passwordHash: await argon2.hash(TEST_PASSWORD, { type: argon2.argon2id }),
      role: 'kyc',
      isConfirmed: true,
      apiKeyHash: key.apiKeyHash,
      apiKeyEncrypted: key.apiKeyEncrypted,
      ...overrides,
    }),
  );
  return { user, password: TEST_PASSWORD, apiKey: key.apiKey, auth: { Authorization: `Bearer ${key.apiKey}` } };
}
