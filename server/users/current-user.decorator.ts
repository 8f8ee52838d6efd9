import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { User } from './user.entity.js';

/** The signed-in account (session cookie or bearer API key); the global guard guarantees it. */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): User => {
  const request = context.switchToHttp().getRequest<Request>();
  return request.user as User;
});
