import { Injectable, type OnModuleInit } from '@nestjs/common';
import argon2 from 'argon2';
import { randomToken } from '../common/crypto.js';

/**
 * Argon2id with OWASP's first recommended setting (19 MiB, 2 passes, 1 lane): about
 * 0.1 s per check on a small server, so sign-in cannot be turned into a CPU/memory DoS.
 */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Argon2id hashing. Verifying against a missing account costs the same as a real check. */
@Injectable()
export class PasswordService implements OnModuleInit {
  private dummyHash = '';

  async onModuleInit(): Promise<void> {
    this.dummyHash = await this.hash(randomToken());
  }

  hash(password: string): Promise<string> {
    return argon2.hash(password, ARGON2_OPTIONS);
  }

  /** False for a wrong password, and for no hash at all (unknown user, invited admin) after the same work. */
  async verify(hash: string | null | undefined, password: string): Promise<boolean> {
    if (!hash) {
      await argon2.verify(this.dummyHash, password).catch(() => false);
      return false;
    }
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  }

  /** Whether a stored hash was made with other settings and should be replaced at the next sign-in. */
  needsRehash(hash: string): boolean {
    try {
      const { memoryCost, timeCost, parallelism } = ARGON2_OPTIONS;
      return !hash.startsWith('$argon2id$') || argon2.needsRehash(hash, { memoryCost, timeCost, parallelism });
    } catch {
      return false;
    }
  }
}
