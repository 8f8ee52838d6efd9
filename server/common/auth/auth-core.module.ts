import { Global, Module, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DatabaseSessionStore } from '../../auth/session.store.js';
import { Permission } from '../../roles/permission.entity.js';
import { PermissionsService } from '../../roles/permissions.service.js';
import { User } from '../../users/user.entity.js';
import { AccessGuard } from '../guards/access.guard.js';
import { AuthenticationMiddleware } from './authentication.middleware.js';
import { CsrfMiddleware } from './csrf.middleware.js';
import { SessionMiddleware } from './session.middleware.js';

/** Sessions, caller identification, CSRF defence and the global access guard. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([User, Permission])],
  providers: [
    { provide: DatabaseSessionStore, inject: [DataSource], useFactory: (ds: DataSource) => new DatabaseSessionStore(ds) },
    PermissionsService,
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [DatabaseSessionStore, PermissionsService],
})
export class AuthCoreModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(CsrfMiddleware, SessionMiddleware, AuthenticationMiddleware).forRoutes('{*path}');
  }
}
