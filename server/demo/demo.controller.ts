import { Controller, HttpCode, Ip, Post } from '@nestjs/common';
import { ApiOkResponse, ApiProperty, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Public } from '../common/access/public.decorator.js';
import { DemoService } from './demo.service.js';

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
  register(@Ip() ip: string): Promise<DemoAccountDto> {
    return this.demo.register(ip);
  }
}
