import { Controller, Get, Headers, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import type { RawBodyRequest } from '../../common/http/body-parsers.js';
import { Public } from '../../common/access/public.decorator.js';
import { DecisionChanges } from '../../review/decisions/decision-changes.js';
import { WidgetClaims, WidgetTokenGuard } from '../widget-token.guard.js';
import type { WidgetTokenClaims } from '../widget-token.service.js';
import { KYC_ERRORS, sumsubNotConfigured } from '../kyc.errors.js';
import { SumsubClient, parseSumsubExternalUserId, sumsubExternalUserId } from './sumsub.client.js';
import { mapSumsubReview, verifySumsubDigest, type SumsubWebhookPayload } from './sumsub-webhook.js';
import { ApiErrors } from '../../common/errors/api-errors.decorator.js';

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
    private readonly decisions: DecisionChanges,
  ) {}

  /** The WebSDK asks for a fresh token when one expires (its accessTokenExpirationHandler). */
  @Public()
  @UseGuards(WidgetTokenGuard)
  @Get('access-token')
  @ApiOkResponse({ type: SumsubAccessTokenDto })
  @ApiOperation({
    summary: 'Get a Sumsub access token',
    description: "With the Sumsub provider configured, the verification page gets an access token for Sumsub's WebSDK instead of the built-in widget.",
  })
  @ApiErrors(KYC_ERRORS, 'SUMSUB_NOT_CONFIGURED', 'PROVIDER_REFUSED', 'PROVIDER_UNREACHABLE')
  async accessToken(@WidgetClaims() claims: WidgetTokenClaims): Promise<SumsubAccessTokenDto> {
    if (!this.sumsub.enabled) throw sumsubNotConfigured();
    return { token: await this.sumsub.createAccessToken(sumsubExternalUserId(claims.organizationId, claims.userId)) };
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
    if (!secret) throw sumsubNotConfigured();
    if (!req.rawBody || !verifySumsubDigest(req.rawBody, secret, digest, algorithm ?? undefined)) {
      throw KYC_ERRORS.error('SUMSUB_DIGEST_INVALID');
    }
    const payload = req.body as SumsubWebhookPayload;
    const review = mapSumsubReview(payload);
    const target = payload.externalUserId ? parseSumsubExternalUserId(payload.externalUserId) : null;
    if (!review || !target) return { applied: false };
    return { applied: (await this.decisions.applyProviderReview(target, review, 'sumsub')) !== null };
  }
}
