import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { User } from '../user.entity.js';
import type { UserPreferencesDto } from './user-preferences.dto.js';
import { UserPreferences } from './user-preferences.entity.js';

/** Each staff member's settings, one JSON row per user (absent keys: the defaults). */
@Injectable()
export class UserPreferencesService {
  constructor(private readonly dataSource: DataSource) {}

  async get(user: User): Promise<UserPreferencesDto> {
    const row = await this.dataSource.manager.findOneBy(UserPreferences, { userId: user.id });
    return (row?.settings ?? {}) as UserPreferencesDto;
  }

  /** Sets the keys sent (null removes one), keeps the others. */
  async update(user: User, changes: UserPreferencesDto): Promise<UserPreferencesDto> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOneBy(UserPreferences, { userId: user.id });
      const settings: Record<string, unknown> = { ...(row?.settings ?? {}) };
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) continue;
        if (value === null) delete settings[key];
        else settings[key] = value;
      }
      await manager.save(UserPreferences, { userId: user.id, settings });
      return settings as UserPreferencesDto;
    });
  }
}
