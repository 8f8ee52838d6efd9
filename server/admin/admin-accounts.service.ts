import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Not, type Repository } from 'typeorm';
import { AuthEmailsService } from '../auth/auth-emails.service.js';
import { PasswordService } from '../auth/password.service.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { isUniqueViolation } from '../common/database-errors.js';
import { User } from '../users/user.entity.js';
import { identityKey } from '../users/identity-key.js';
import type { AdminUserDto } from './dto/register-admin.dto.js';
import { ADMIN_ERRORS } from './admin.errors.js';

/** The account the first start creates when no ADMIN_EMAIL/ADMIN_PASSWORD is given. */
export const SETUP_USERNAME = 'admin';
const SETUP_EMAIL = 'admin@localhost.invalid';

/**
 * Administrator accounts: the first super-admin (from ADMIN_EMAIL/ADMIN_PASSWORD, or a
 * one-time setup link), `npm run create-admin`, and admins invited by a super-admin.
 * No password is ever generated: the person chooses it through a set-password link.
 */
@Injectable()
export class AdminAccountsService {
  private readonly logger = new Logger('Setup');

  constructor(
    @Inject(appConfig.KEY) private readonly env: AppConfig,
    @InjectRepository(User) private readonly users: Repository<User>,
    private readonly passwords: PasswordService,
    private readonly emails: AuthEmailsService,
  ) {}

  /**
   * Run at start-up; returns the line telling the operator how to sign in. Creates the
   * super-admin from ADMIN_EMAIL/ADMIN_PASSWORD when no account has that e-mail yet;
   * otherwise, while no super-admin can sign in, prints a fresh one-time setup link.
   */
  async ensureFirstSuperAdmin(): Promise<string> {
    const loginUrl = `${this.env.publicUrl}/login`;
    // These lines are printed at start-up and end up in logs: accounts by id, never by name or address.
    if (this.env.adminEmail && this.env.adminPassword) {
      const email = this.env.adminEmail.toLowerCase();
      if (!(await this.users.existsBy({ emailKey: identityKey(email) }))) {
        const created = await this.create({ email, username: await this.freeUsername(email.split('@')[0]), role: 'super-admin' }, this.env.adminPassword);
        this.logger.log(`Created the super-admin ${created.id} from ADMIN_EMAIL`);
      }
      return `Sign in at ${loginUrl} with the ADMIN_EMAIL address (the password is ADMIN_PASSWORD).`;
    }
    const usable = await this.users.exists({ where: { role: 'super-admin', passwordHash: Not(IsNull()) } });
    if (usable) return `Sign in at ${loginUrl} as a super-admin.`;
    const setup =
      (await this.users.findOneBy({ role: 'super-admin' })) ??
      (await this.create({ email: SETUP_EMAIL, username: SETUP_USERNAME, role: 'super-admin' }).catch(async () =>
        // Another replica created it at the same moment.
        this.users.findOneByOrFail({ username: SETUP_USERNAME }),
      ));
    const link = await this.emails.setupLink(setup.id);
    // The setup account's name is ours ('admin'); any other is a person's and stays out of the log.
    const who = setup.username === SETUP_USERNAME ? `'${SETUP_USERNAME}'` : `the super-admin account ${setup.id}`;
    // Printing the link is the point: it is how the operator of a fresh install gets in.
    this.logger.warn(`No administrator can sign in yet. Open this one-time link (valid 72 hours) to choose the password of ${who}: ${link}`);
    const signInAs = setup.username === SETUP_USERNAME ? `'${SETUP_USERNAME}'` : "that account's e-mail address";
    return `First start: open ${link} to choose the super-admin password, then sign in at ${loginUrl} as ${signInAs}.`;
  }

  /** `npm run create-admin`: a super-admin with this e-mail; returns the setup link (or null when a password was given). */
  async createSuperAdmin(email: string, username: string | undefined, password: string | undefined): Promise<string | null> {
    const normalized = email.toLowerCase();
    const user = await this.create(
      { email: normalized, username: username ?? (await this.freeUsername(normalized.split('@')[0])), role: 'super-admin' },
      password,
    );
    return password ? null : this.emails.setupLink(user.id);
  }

  /** POST /users/register-admin: an admin without a password, invited by e-mail to choose one. */
  async registerAdmin(username: string, email: string): Promise<AdminUserDto> {
    const user = await this.create({ username, email, role: 'admin' });
    await this.emails.sendSetPasswordLink(user);
    return { id: user.id, username: user.username, email: user.email, role: user.role };
  }

  private async create(fields: Pick<User, 'email' | 'username' | 'role'>, password?: string): Promise<User> {
    // By identity key, as everywhere: `Jane` takes `jane`, `ﬁnance@…` takes `finance@…`.
    const taken = await this.users.exists({
      where: [{ emailKey: identityKey(fields.email) }, { usernameKey: identityKey(fields.username) }],
    });
    if (taken) throw ADMIN_ERRORS.error('ADMIN_IDENTITY_TAKEN');
    const account = this.users.create({
      ...fields,
      passwordHash: password ? await this.passwords.hash(password) : null,
      isConfirmed: Boolean(password),
    });
    try {
      return await this.users.save(account);
    } catch (error) {
      // Someone took the name or address between the check and the insert.
      if (isUniqueViolation(error)) throw ADMIN_ERRORS.error('ADMIN_IDENTITY_TAKEN');
      throw error;
    }
  }

  private async freeUsername(base: string): Promise<string> {
    const stem = base
      .replace(/[^A-Za-z0-9._-]/g, '')
      .slice(0, 24)
      .padEnd(3, '0');
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? stem : `${stem}${n}`;
      if (!(await this.users.existsBy({ usernameKey: identityKey(candidate) }))) return candidate;
    }
  }
}
