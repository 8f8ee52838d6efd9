import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AccessGuard } from '../common/access/access.guard.js';
import { Permission } from './permission.entity.js';
import { RolesController } from './roles.controller.js';
import { RolesService } from './roles.service.js';

/** The stored permission matrix, its screens' routes, and the global access guard that enforces it. */
@Module({
  imports: [TypeOrmModule.forFeature([Permission])],
  controllers: [RolesController],
  providers: [RolesService, { provide: APP_GUARD, useClass: AccessGuard }],
})
export class RolesModule {}
