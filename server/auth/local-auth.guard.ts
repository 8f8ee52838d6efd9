import { Injectable, type ExecutionContext } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request } from 'express';
import { GENERIC_ERRORS } from '../common/errors/app-error.js';
import { LoginDto } from './dto/auth.dto.js';

/**
 * Runs the local strategy. Guards run before pipes, so the body is validated here first:
 * a malformed request gets field messages and never costs a password check. With both
 * fields present in the body, passport-local never falls back to the query string.
 */
@Injectable()
export class LocalAuthGuard extends AuthGuard('local') {
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request>();
    const errors = await validate(plainToInstance(LoginDto, req.body ?? {}), { forbidUnknownValues: false });
    if (errors.length > 0) {
      throw GENERIC_ERRORS.error(
        'VALIDATION_FAILED',
        errors.flatMap((error) => Object.values(error.constraints ?? {})),
      );
    }
    return (await super.canActivate(context)) as boolean;
  }
}
