import { Body, Controller, Get, Put } from '@nestjs/common';
import { ApiForbiddenResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ExactRole } from '../../common/access/roles.decorator.js';
import { CurrentUser } from '../../users/current-user.decorator.js';
import type { User } from '../../users/user.entity.js';
import { TwoFactorPolicyDto, TwoFactorPolicyInputDto } from './dto/two-factor.dto.js';
import { TwoFactorRequirement } from './two-factor-requirement.js';

/** The platform-wide rule on two-factor sign-in (super-admin only). */
@ApiTags('admin')
@Controller('admin/two-factor-policy')
@ExactRole('super-admin')
export class TwoFactorPolicyController {
  constructor(private readonly requirement: TwoFactorRequirement) {}

  @Get()
  @ApiOkResponse({ type: TwoFactorPolicyDto })
  @ApiForbiddenResponse({ description: 'Only a super-admin' })
  @ApiOperation({
    summary: "Read the platform's two-factor rule",
    description: 'Whether the platform requires two-factor sign-in of every account, or of administrators only.',
  })
  get(): Promise<TwoFactorPolicyDto> {
    return this.requirement.policy();
  }

  @Put()
  @ApiOkResponse({ type: TwoFactorPolicyDto, description: 'Saved and audited; it applies from the next request of every account' })
  @ApiForbiddenResponse({ description: 'Only a super-admin' })
  @ApiOperation({
    summary: "Change the platform's two-factor rule",
    description: 'A super-admin sets which accounts must use two-factor sign-in; it applies from the next request of every account (audited).',
  })
  set(@CurrentUser() user: User, @Body() body: TwoFactorPolicyInputDto): Promise<TwoFactorPolicyDto> {
    return this.requirement.setPolicy(user, body.requiredFor);
  }
}
