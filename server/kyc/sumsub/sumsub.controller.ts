import { Controller, Get, Headers, HttpCode, NotFoundException, Post, Req, UnauthorizedException, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiExcludeEndpoint, ApiOkResponse, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { RawBodyRequest } from '../../common/http/body-parsers.js';
import { Public } from '../../common/decorators/public.decorator.js';
import { KycService } from '../kyc.service.js';
import { WidgetClaims, WidgetTokenGuard } from '../widget-token.guard.js';
import type { WidgetTokenClaims } from '../widget-token.service.js';
import { SumsubClient, parseSumsubExternalUserId } from './sumsub.client.js';
import { mapSumsubReview, verifySumsubDigest, type SumsubWebhookPayload } from './sumsub-webhook.js';

class SumsubAccessTokenDto {
  @ApiProperty({ description: 'Access token for @sumsub/websdk' })
  token: string;
}

class SumsubWebhookAnswerDto {
  @ApiProperty()
  applied: boolean;
}

@ApiTags('kyc')
@Controller('kyc/sumsub')
export class SumsubController {
  constructor(
    private readonly sumsub: SumsubClient,
    private readonly kyc: KycService,
  ) {}

  /** The WebSDK asks for a fresh token when one expires (its accessTokenExpirationHandler). */
  @Public()
  @UseGuards(WidgetTokenGuard)
  @Get('access-token')
  @ApiBearerAuth()
  @ApiOkResponse({ type: SumsubAccessTokenDto })
  async accessToken(@WidgetClaims() claims: WidgetTokenClaims): Promise<SumsubAccessTokenDto> {
    const token = await this.kyc.sumsubAccessToken(claims);
    if (!token) throw new NotFoundException('The Sumsub provider is not configured');
    return { token };
  }

  /** Sumsub's applicant webhooks, verified by X-Payload-Digest over the raw body. */
  @Public()
  @Post('webhook')
  @HttpCode(200)
  @ApiExcludeEndpoint()
  async webhook(
    @Req() req: RawBodyRequest,
    @Headers('x-payload-digest') digest: string | undefined,
    @Headers('x-payload-digest-alg') algorithm: string | undefined,
  ): Promise<SumsubWebhookAnswerDto> {
    const secret = this.sumsub.settings?.webhookSecret;
    if (!secret) throw new NotFoundException('The Sumsub provider is not configured');
    if (!req.rawBody || !verifySumsubDigest(req.rawBody, secret, digest, algorithm ?? undefined)) {
      throw new UnauthorizedException('Invalid payload digest');
    }
    const payload = req.body as SumsubWebhookPayload;
    const review = mapSumsubReview(payload);
    const target = payload.externalUserId ? parseSumsubExternalUserId(payload.externalUserId) : null;
    if (!review || !target) return { applied: false };
    return { applied: await this.kyc.applyProviderReview(target.organizationId, target.userId, review, 'sumsub') };
  }
}
