import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { User } from '../users/user.entity.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminUsersController } from './admin-users.controller.js';

/** Administrator accounts: the first super-admin, `npm run create-admin`, admin invitations. */
@Module({
  imports: [TypeOrmModule.forFeature([User]), AuthModule],
  controllers: [AdminUsersController],
  providers: [AdminAccountsService],
  exports: [AdminAccountsService],
})
export class AdminModule {}
