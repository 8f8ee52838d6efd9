import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { ExactRole } from '../../common/access/roles.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { TwoFactorPolicyDto, TwoFactorPolicyInputDto } from './dto/two-factor.dto.js';
import { TwoFactorRequirement } from './two-factor-requirement.service.js';

/** The platform-wide rule on two-factor sign-in (super-admin only). */
@ApiTags('admin')
@Controller('admin/two-factor-policy')
@ExactRole('super-admin')
export class TwoFactorPolicyController {
  constructor(private readonly requirement: TwoFactorRequirement) {}

  @Get()
  @ApiOkResponse({ type: TwoFactorPolicyDto })
  @ApiForbiddenResponse({ description: 'Only a super-admin' })
  get(): Promise<TwoFactorPolicyDto> {
    return this.requirement.policy();
  }

  @Put()
  @ApiOkResponse({ type: TwoFactorPolicyDto, description: 'Saved and audited; it applies from the next request of every account' })
  @ApiForbiddenResponse({ description: 'Only a super-admin' })
  set(@CurrentUser() user: User, @Body() body: TwoFactorPolicyInputDto): Promise<TwoFactorPolicyDto> {
    return this.requirement.setPolicy(user, body.requiredFor);
  }
}
