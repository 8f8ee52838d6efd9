import { BadRequestException, ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { AUTH_MESSAGES } from '../auth/auth.messages.js';
import { isUniqueViolation } from '../common/database-errors.js';
import type { UpdateUserDto, UpdateUserImageDto } from './dto/update-user.dto.js';
import type { UserDto } from './dto/user.dto.js';
import { ImageUploadError, parseImageDataUrl, type ImageRejection, type UploadedImage } from '../common/image-upload.js';
import { UserImage } from './user-image.entity.js';
import { toUserDto } from './user.mapper.js';
import { User } from './user.entity.js';
import { USERNAME_PATTERN } from './username.js';

const IMAGE_MESSAGES: Record<ImageRejection, string> = {
  'too-large': AUTH_MESSAGES.imageTooLarge,
  'not-an-image': AUTH_MESSAGES.imageNotAnImage,
  'too-many-pixels': AUTH_MESSAGES.imageTooManyPixels,
};

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

  me(user: User): UserDto {
    return toUserDto(user);
  }

  /** True when another account already uses this username, compared case-insensitively. */
  async usernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const query = this.users
      .createQueryBuilder('account')
      .where('LOWER(account.username) = :username', { username: username.toLowerCase() });
    if (exceptUserId) query.andWhere('account.id <> :id', { id: exceptUserId });
    return (await query.getCount()) > 0;
  }

  async update(user: User, dto: UpdateUserDto): Promise<UserDto> {
    const renamed = dto.username !== undefined && dto.username !== user.username;
    if (renamed) {
      if (user.isDemo) throw new ForbiddenException(AUTH_MESSAGES.disabledInDemo);
      if (!USERNAME_PATTERN.test(dto.username!)) throw new BadRequestException(AUTH_MESSAGES.usernameFormat);
      if (await this.usernameTaken(dto.username!, user.id)) throw new ConflictException(AUTH_MESSAGES.usernameTaken);
    }
    const image = dto.image ? this.readImage(dto.image) : undefined;

    try {
      await this.dataSource.transaction(async (manager) => {
        if (renamed) await manager.update(User, { id: user.id }, { username: dto.username });
        if (dto.image) await this.applyImage(manager, user.id, dto.image, image);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictException(AUTH_MESSAGES.usernameTaken);
      throw error;
    }
    return toUserDto(await this.users.findOneByOrFail({ id: user.id }));
  }

  async image(userId: string): Promise<{ etag: string; load: () => Promise<StoredImage> }> {
    const found = await this.images.findOne({ where: { userId }, select: { userId: true, updatedAt: true } });
    if (!found) throw new NotFoundException(AUTH_MESSAGES.imageNotFound);
    const etag = `W/"${found.updatedAt.getTime().toString(36)}"`;
    return {
      etag,
      load: async () => {
        const row = await this.images.findOneByOrFail({ userId });
        return { contentType: row.contentType, data: row.data, etag };
      },
    };
  }

  private readImage(image: UpdateUserImageDto): UploadedImage | undefined {
    if (!image.hasImage || image.data === undefined) return undefined;
    try {
      return parseImageDataUrl(image.data);
    } catch (error) {
      if (error instanceof ImageUploadError) throw new BadRequestException(IMAGE_MESSAGES[error.reason]);
      throw error;
    }
  }

  private async applyImage(
    manager: EntityManager,
    userId: string,
    request: UpdateUserImageDto,
    upload: UploadedImage | undefined,
  ): Promise<void> {
    if (!request.hasImage) {
      await manager.delete(UserImage, { userId });
      await manager.update(User, { id: userId }, { hasImage: false });
      return;
    }
    if (!upload) return; // hasImage true without data: keep the current picture
    await manager.upsert(
      UserImage,
      { userId, contentType: upload.contentType, data: upload.data, updatedAt: new Date() },
      ['userId'],
    );
    // An explicit time (SQLite's default has whole seconds) changes the picture's URL.
    await manager.update(User, { id: userId }, { hasImage: true, updatedAt: new Date() });
  }
}
