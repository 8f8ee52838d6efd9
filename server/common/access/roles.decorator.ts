import { SetMetadata } from '@nestjs/common';
import type { RoleName } from '../../config/role-name.js';

export const ROLE_REQUIREMENT = 'roleRequirement';

export interface RoleRequirement {
  role: RoleName;
  exact: boolean;
}

/** The caller's role must rank at least this high. */
export const MinRole = (role: RoleName) => SetMetadata(ROLE_REQUIREMENT, { role, exact: false } satisfies RoleRequirement);

/** The caller's role must be exactly this one; every other role gets 403. */
export const ExactRole = (role: RoleName) => SetMetadata(ROLE_REQUIREMENT, { role, exact: true } satisfies RoleRequirement);
