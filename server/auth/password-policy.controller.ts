import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '../common/access/public.decorator.js';
import { PasswordPolicyDto } from './dto/password-policy.dto.js';
import { PasswordPolicy } from './password-policy.js';

@ApiTags('auth')
@Controller('auth')
export class PasswordPolicyController {
  constructor(private readonly policy: PasswordPolicy) {}

  @Get('password-policy')
  @Public()
  @ApiOkResponse({ type: PasswordPolicyDto, description: 'What a new password must be (registration, change, reset)' })
  @ApiOperation({
    summary: 'Read the password policy',
    description: 'What a new password must be (minimum length, not common, not the username or e-mail address) for registration, change and reset.',
  })
  get(): PasswordPolicyDto {
    return this.policy.describe();
  }
}
