import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth/auth.module.js';
import { User } from '../users/user.entity.js';
import { UsersModule } from '../users/users.module.js';
import { DemoController } from './demo.controller.js';
import { DemoService } from './demo.service.js';

/** One-click demo accounts, seeded with realistic data and deleted after 24 hours. */
@Module({
  imports: [TypeOrmModule.forFeature([User]), AuthModule, UsersModule],
  controllers: [DemoController],
  providers: [DemoService],
})
export class DemoModule {}
