import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, Not, type EntityManager, type Repository } from 'typeorm';
import { isUniqueViolation } from '../common/database-errors.js';
import type { UpdateUserDto, UpdateUserImageDto } from './dto/update-user.dto.js';
import type { CurrentUserDto, UserDto } from './dto/user.dto.js';
import type { RoleRights } from '../common/access/permissions.js';
import { assertDecodable, ImageUploadError, parseImageDataUrl, type ImageRejection, type UploadedImage } from '../common/image-upload.js';
import { UserImage } from './user-image.entity.js';
import { USER_ERRORS } from './users.errors.js';
import { toCurrentUserDto, toUserDto } from './user.mapper.js';
import { User } from './user.entity.js';
import { USERNAME_PATTERN } from './username.js';
import { identityKey } from './identity-key.js';

const PICTURE_ERRORS = {
  'too-large': 'PICTURE_TOO_LARGE',
  'not-an-image': 'PICTURE_NOT_AN_IMAGE',
  'too-many-pixels': 'PICTURE_TOO_MANY_PIXELS',
  damaged: 'PICTURE_DAMAGED',
} as const satisfies Record<ImageRejection, keyof typeof USER_ERRORS.entries>;

export interface StoredImage {
  contentType: string;
  data: Buffer;
  etag: string;
}

/** The signed-in user's own profile: read it, rename, change or remove the picture. */
@Injectable()
export class UsersService {
  constructor(
    private readonly dataSource: DataSource,
    @InjectRepository(User) private readonly users: Repository<User>,
    @InjectRepository(UserImage) private readonly images: Repository<UserImage>,
  ) {}

  me(user: User, rights: RoleRights): CurrentUserDto {
    return toCurrentUserDto(user, rights);
  }

  /** True when another account already uses this username in any letter case or Unicode form. */
  async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const usernameKey = identityKey(username);
    return this.users.existsBy(exceptUserId ? { usernameKey, id: Not(exceptUserId) } : { usernameKey });
  }

  async update(user: User, dto: UpdateUserDto): Promise<UserDto> {
    const renamed = dto.username !== undefined && dto.username !== user.username;
    if (renamed) {
      if (user.isDemo) throw USER_ERRORS.error('DEMO_ACCOUNT_LOCKED');
      if (!USERNAME_PATTERN.test(dto.username!)) throw USER_ERRORS.error('USERNAME_INVALID');
      if (await this.usernameTaken(dto.username!, user.id)) throw USER_ERRORS.error('USERNAME_TAKEN');
    }
    const image = dto.image ? await this.readImage(dto.image) : undefined;

    try {
      await this.dataSource.transaction(async (manager) => {
        if (renamed) await manager.update(User, { id: user.id }, { username: dto.username, usernameKey: identityKey(dto.username!) });
        if (dto.image) await this.applyImage(manager, user.id, dto.image, image);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw USER_ERRORS.error('USERNAME_TAKEN');
      throw error;
    }
    return toUserDto(await this.users.findOneByOrFail({ id: user.id }));
  }

  async image(userId: string): Promise<{ etag: string; load: () => Promise<StoredImage> }> {
    const found = await this.images.findOne({ where: { userId }, select: { userId: true, updatedAt: true } });
    if (!found) throw USER_ERRORS.error('PICTURE_NOT_FOUND');
    const etag = `W/"${found.updatedAt.getTime().toString(36)}"`;
    return {
      etag,
      load: async () => {
        const row = await this.images.findOneByOrFail({ userId });
        return { contentType: row.contentType, data: row.data, etag };
      },
    };
  }

  private async readImage(image: UpdateUserImageDto): Promise<UploadedImage | undefined> {
    if (!image.hasImage || image.data === undefined) return undefined;
    try {
      const upload = parseImageDataUrl(image.data);
      await assertDecodable(upload);
      return upload;
    } catch (error) {
      if (error instanceof ImageUploadError) throw USER_ERRORS.error(PICTURE_ERRORS[error.reason]);
      throw error;
    }
  }

  private async applyImage(manager: EntityManager, userId: string, request: UpdateUserImageDto, upload: UploadedImage | undefined): Promise<void> {
    if (!request.hasImage) {
      await manager.delete(UserImage, { userId });
      await manager.update(User, { id: userId }, { hasImage: false });
      return;
    }
    if (!upload) return; // hasImage true without data: keep the current picture
    await manager.upsert(UserImage, { userId, contentType: upload.contentType, data: upload.data, updatedAt: new Date() }, ['userId']);
    // An explicit time (SQLite's default has whole seconds) changes the picture's URL.
    await manager.update(User, { id: userId }, { hasImage: true, updatedAt: new Date() });
  }
}
