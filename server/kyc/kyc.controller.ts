import { Body, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiHeader,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiProduces,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthenticatedBy } from '../common/access/authenticated-by.decorator.js';
import { Public } from '../common/access/public.decorator.js';
import { Idempotency } from '../common/idempotency/idempotency.service.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import {
  CreatedSessionDto,
  CreateSessionDto,
  KycTokenResponseDto,
  PersonalDataDto,
  SessionTokenDto,
  SessionTokenRequestDto,
  StaffTokenQueryDto,
  StaffTokenResponseDto,
  StatusQueryDto,
  UploadDocumentDto,
  UserIdQueryDto,
  WidgetSessionDto,
} from './dto/kyc.dto.js';
import { invalidToken } from './kyc.errors.js';
import { VerificationSessionsService } from './sessions/verification-sessions.service.js';
import { StatusStreamService } from './status-stream.service.js';
import { VerificationStepsService } from './verification-steps.service.js';
import { WidgetClaims, WidgetTokenGuard } from './widget-token.guard.js';
import { WidgetTokenService, type WidgetTokenClaims } from './widget-token.service.js';
import { WidgetStateService } from './widget-state.service.js';

@ApiTags('kyc')
@Controller()
export class KycController {
  constructor(
    private readonly sessions: VerificationSessionsService,
    private readonly state: WidgetStateService,
    private readonly steps: VerificationStepsService,
    private readonly tokens: WidgetTokenService,
    private readonly streams: StatusStreamService,
    private readonly idempotency: Idempotency,
  ) {}

  @Post('kyc/sessions')
  @ApiKeyAllowed()
  @RequirePermission('applicants', 'update')
  @ApiCreatedResponse({ type: CreatedSessionDto, description: 'A link for this one end user; its secret is shown only here' })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, or REDIRECT_URL_NOT_ALLOWED for a redirectUrl off the allowed list' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @ApiHeader({
    name: 'Idempotency-Key',
    required: false,
    description:
      'Any unique string (a UUID is a good choice): a retry with the same key and body within 24 hours answers the first link instead of creating another (header `Idempotent-Replayed: true`); the same key with another body is 409 IDEMPOTENCY_KEY_REUSED',
  })
  @ApiConflictResponse({ description: 'IDEMPOTENCY_KEY_REUSED (the key was used with another body), or IDEMPOTENCY_REQUEST_IN_PROGRESS (the first request with the key is still running)' })
  async createSession(
    @CurrentUser() user: User,
    @Body() body: CreateSessionDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CreatedSessionDto> {
    const answer = await this.idempotency.run({ userId: user.id, operation: 'POST /api/kyc/sessions' }, idempotencyKey, body, () => this.sessions.createLink(user, body, req.ip));
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }

  @Delete('kyc/sessions/:id')
  @ApiKeyAllowed()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Revoked: the link and every widget token of the applicant stop working' })
  @ApiNotFoundResponse({ description: 'SESSION_NOT_FOUND' })
  async revokeSession(@CurrentUser() user: User, @Param('id') id: string, @Req() req: Request): Promise<void> {
    await this.sessions.revoke(user, id, req.ip);
  }

  @Public()
  @Post('kyc/session-token')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SessionTokenDto })
  @ApiUnauthorizedResponse({ description: 'SESSION_LINK_INVALID: unknown, expired, revoked or replaced' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  exchange(@Body() body: SessionTokenRequestDto, @Req() req: Request): Promise<SessionTokenDto> {
    return this.sessions.exchange(body.session, req.ip);
  }

  @Public()
  @AuthenticatedBy('companyKey')
  @Get('kyc/get-new-token')
  @ApiOkResponse({ type: KycTokenResponseDto, description: 'A widget token for this applicant (created if new)' })
  @ApiConflictResponse({ description: "WEBHOOK_NOT_CONFIGURED: the organization's owner has no webhook; VERIFICATION_IN_PROGRESS: started elsewhere" })
  @ApiForbiddenResponse({ description: 'COMPANY_KEY_LINKS_DISABLED' })
  @ApiUnauthorizedResponse({ description: 'Unknown companyKey' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  issueForCompanyKey(
    @Headers('authorization') authorization: string | undefined,
    @Query() query: UserIdQueryDto,
    @Req() req: Request,
  ): Promise<KycTokenResponseDto> {
    const companyKey = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return this.sessions.startWithCompanyKey(companyKey, query.userId, req.ip);
  }

  @Get('get-new-token')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: StaffTokenResponseDto })
  issueForStaff(@CurrentUser() user: User, @Query() query: StaffTokenQueryDto): Promise<StaffTokenResponseDto> {
    return this.sessions.startForStaff(user, query.organizationId, query.userId);
  }

  @Public()
  @AuthenticatedBy('widgetTokenQuery')
  @Get('kyc/status')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'Server-sent events `{ status, redirectUrl }`: pending, processing, completed, failed' })
  @ApiUnauthorizedResponse({ description: 'invalid-token: the token is missing, expired or not for this applicant' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED: too many open streams for this token or address' })
  async status(@Query() query: StatusQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const claims = this.tokens.verify(query.token);
    if (!claims || claims.userId !== query.userId) throw invalidToken();
    const context = await this.state.contextFor(claims);
    if (query.companyKey !== undefined && !(await this.state.companyKeyMatches(claims.organizationId, query.companyKey))) throw invalidToken();
    this.streams.stream(req, res, query.token, await this.state.currentStatus(context), context.session?.redirectUrl ?? null);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Get('kyc/session')
  @ApiOkResponse({ type: WidgetSessionDto, description: "This session's progress, to resume the widget (status only for a status token)" })
  session(@WidgetClaims() claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    return this.state.view(claims);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Post('kyc/documents')
  @HttpCode(200)
  @ApiOkResponse({ type: WidgetSessionDto })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  upload(@WidgetClaims() claims: WidgetTokenClaims, @Body() body: UploadDocumentDto, @Req() req: Request): Promise<WidgetSessionDto> {
    return this.steps.uploadDocument(claims, body, req.ip);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Put('kyc/personal-data')
  @ApiOkResponse({ type: WidgetSessionDto })
  personalData(@WidgetClaims() claims: WidgetTokenClaims, @Body() body: PersonalDataDto, @Req() req: Request): Promise<WidgetSessionDto> {
    return this.steps.savePersonalData(claims, body, req.ip);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Post('kyc/submit')
  @HttpCode(200)
  @ApiOkResponse({ type: WidgetSessionDto })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  submit(@WidgetClaims() claims: WidgetTokenClaims, @Req() req: Request): Promise<WidgetSessionDto> {
    return this.steps.submit(claims, req.ip);
  }
}
