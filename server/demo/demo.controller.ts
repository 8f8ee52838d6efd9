import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../common/access/public.decorator.js';
import { DemoService } from './demo.service.js';
import { DEMO_ERRORS } from './demo.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

class DemoAccountDto {
  @ApiProperty({ description: 'Sign in with this e-mail and the demo password', example: 'demo-3f2a…@demo.kyc.invalid' })
  email: string;
}

@ApiTags('demo')
@Controller('demo')
export class DemoController {
  constructor(private readonly demo: DemoService) {}

  /** A public endpoint that writes a few hundred rows: limited per IP address. */
  @Public()
  @Post('register')
  @HttpCode(200)
  @ApiOkResponse({ type: DemoAccountDto })
  @ApiTooManyRequestsResponse({ description: 'Too many demo accounts from this address' })
  @ApiOperation({
    summary: 'Start a demo',
    description: 'Creates a throw-away demo account with sample data and signs it in. Demo accounts never send webhooks and cannot use API keys.',
  })
  @ApiErrors(DEMO_ERRORS, 'DEMO_LIMIT_REACHED')
  register(@Ip() ip: string): Promise<DemoAccountDto> {
    return this.demo.register(ip);
  }
}
