import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesController } from './images.controller.js';
import { UserImage } from './user-image.entity.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

/** The signed-in user's profile and pictures. */
@Module({
  imports: [TypeOrmModule.forFeature([User, UserImage])],
  controllers: [UsersController, ImagesController],
  providers: [UsersService],
  exports: [UsersService],
})
export class UsersModule {}
