import { PERMISSION_ACTIONS, PERMISSION_RESOURCES, type RoleRights } from '../common/access/permissions.js';
import type { CurrentUserDto, UserDto } from './dto/user.dto.js';
import type { User } from './user.entity.js';

export const DEFAULT_IMAGE_URL = '/api/images/default';

/** The picture's address changes with the account's last update, so a replaced picture is never served from a cache. */
export function userImageUrl(user: Pick<User, 'id' | 'hasImage' | 'updatedAt'>): string {
  return user.hasImage ? `/api/users/${user.id}/image?v=${user.updatedAt.getTime().toString(36)}` : DEFAULT_IMAGE_URL;
}

/** The only way a User leaves the server: hashes, keys and secrets stay behind. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    image: { url: userImageUrl(user), hasImage: user.hasImage },
    isDemo: user.isDemo,
    isConfirmed: user.isConfirmed,
    role: user.role,
    webhook: user.webhookUrl,
    redirectUrl: user.redirectUrl,
  };
}

/** The account with its role's rights as read with it (AuthenticationMiddleware): every resource, actions in the matrix's order. */
export function toCurrentUserDto(user: User, rights: RoleRights): CurrentUserDto {
  return {
    ...toUserDto(user),
    permissions: PERMISSION_RESOURCES.map((resource) => ({
      resource,
      actions: PERMISSION_ACTIONS.filter((action) => rights[resource]?.includes(action)),
    })),
  };
}
