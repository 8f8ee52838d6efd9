import { Body, Controller, Post } from '@nestjs/common';
import { ApiConflictResponse, ApiCreatedResponse, ApiForbiddenResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { ExactRole } from '../common/access/roles.decorator.js';
import { AdminAccountsService } from './admin-accounts.service.js';
import { AdminUserDto, RegisterAdminDto } from './dto/register-admin.dto.js';
import { ADMIN_ERRORS } from './admin.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

@ApiTags('users')
@Controller('users')
export class AdminUsersController {
  constructor(private readonly admins: AdminAccountsService) {}

  /** A super-admin creates an admin; the admin receives an e-mail link to choose a password. */
  @Post('register-admin')
  @ExactRole('super-admin')
  @RequirePermission('users', 'create')
  @ApiCreatedResponse({ type: AdminUserDto })
  @ApiConflictResponse({ description: 'The username or e-mail is taken' })
  @ApiForbiddenResponse({ description: 'Only a super-admin may create admins' })
  @ApiOperation({
    summary: 'Create an administrator',
    description: 'A super-admin creates an administrator account with a username, an e-mail address and a password.',
  })
  @ApiErrors(ADMIN_ERRORS, 'ADMIN_IDENTITY_TAKEN')
  registerAdmin(@Body() body: RegisterAdminDto): Promise<AdminUserDto> {
    return this.admins.registerAdmin(body.username, body.email);
  }
}
