import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ImagesController } from './images.controller.js';
import { UserImage } from './user-image.entity.js';
import { User } from './user.entity.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';
import { UserPreferencesController } from './preferences/user-preferences.controller.js';
import { UserPreferencesService } from './preferences/user-preferences.service.js';

/** The signed-in user's profile, pictures and back-office preferences. */
@Module({
  imports: [TypeOrmModule.forFeature([User, UserImage])],
  controllers: [UsersController, ImagesController, UserPreferencesController],
  providers: [UsersService, UserPreferencesService],
  exports: [UsersService],
})
export class UsersModule {}
