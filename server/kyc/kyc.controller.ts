import { Body, Controller, Delete, Get, Headers, HttpCode, HttpStatus, Param, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiKeyAllowed } from '../common/access/api-key-allowed.decorator.js';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiTags,
  ApiServiceUnavailableResponse,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AuthenticatedBy } from '../common/access/authenticated-by.decorator.js';
import { Public } from '../common/access/public.decorator.js';
import { Idempotency } from '../common/idempotency/idempotency.js';
import { Idempotent } from '../common/idempotency/idempotent.decorator.js';
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
import { KYC_ERRORS, invalidToken } from './kyc.errors.js';
import { VerificationSessionsService } from './sessions/verification-sessions.service.js';
import { StatusStreamService } from './status-stream.service.js';
import { VerificationStepsService } from './verification-steps.service.js';
import { WidgetClaims, WidgetTokenGuard } from './widget-token.guard.js';
import { WidgetTokenService, type WidgetTokenClaims } from './widget-token.service.js';
import { WidgetStateService } from './widget-state.service.js';
import { ORGANIZATION_ERRORS } from '../organizations/organizations.errors.js';
import { APPLICANT_ERRORS } from '../applicants/applicants.errors.js';
import { DECISION_ERRORS } from '../review/decisions/decisions.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';
import { CREATE_SESSION_EXAMPLE, CREATED_SESSION_EXAMPLE } from './sessions/sessions.examples.js';

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
  @ApiCreatedResponse({ type: CreatedSessionDto, description: 'A link for this one end user; its secret is shown only here', example: CREATED_SESSION_EXAMPLE })
  @ApiBody({
    type: CreateSessionDto,
    examples: {
      'prefilled, with a redirect': { value: CREATE_SESSION_EXAMPLE },
      minimal: { value: { organizationId: CREATE_SESSION_EXAMPLE.organizationId, userId: 'customer-42' } },
    },
  })
  @ApiBadRequestResponse({ description: 'VALIDATION_FAILED, or REDIRECT_URL_NOT_ALLOWED for a redirectUrl off the allowed list' })
  @ApiNotFoundResponse({ description: 'Organization not found (also when the caller is not a member)' })
  @Idempotent()
  @ApiOperation({
    summary: 'Create a verification session',
    description:
      "Your server creates a verification link for one end user (your own `userId`), to send them to. The link's secret works for that applicant only, for 24 hours by default, and is shown only in this answer. A new session for the same userId ends older links. Retries are safe with an `Idempotency-Key`.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
  @ApiErrors(KYC_ERRORS, 'REDIRECT_URL_NOT_ALLOWED')
  async createSession(
    @CurrentUser() user: User,
    @Body() body: CreateSessionDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
    @Headers('idempotency-key') idempotencyKey?: string,
  ): Promise<CreatedSessionDto> {
    const answer = await this.idempotency.run({ userId: user.id, operation: 'POST /api/kyc/sessions' }, idempotencyKey, body, () =>
      this.sessions.createLink(user, body, req.ip),
    );
    if (answer.replayed) res.setHeader('Idempotent-Replayed', 'true');
    return answer.body;
  }

  @Delete('kyc/sessions/:id')
  @ApiKeyAllowed()
  @HttpCode(HttpStatus.NO_CONTENT)
  @RequirePermission('applicants', 'update')
  @ApiNoContentResponse({ description: 'Revoked: the link and every widget token of the applicant stop working' })
  @ApiNotFoundResponse({ description: 'SESSION_NOT_FOUND' })
  @ApiOperation({
    summary: 'Revoke a verification session',
    description: 'Ends a session link: the link and every widget token of the applicant stop working at once.',
  })
  @ApiErrors(KYC_ERRORS, 'SESSION_NOT_FOUND')
  async revokeSession(@CurrentUser() user: User, @Param('id') id: string, @Req() req: Request): Promise<void> {
    await this.sessions.revoke(user, id, req.ip);
  }

  @Public()
  @Post('kyc/session-token')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: SessionTokenDto })
  @ApiUnauthorizedResponse({ description: 'SESSION_LINK_INVALID: unknown, expired, revoked or replaced' })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  @ApiOperation({
    summary: 'Exchange a session link for a widget token',
    description:
      'The verification page exchanges the secret of a session link (or the resumeSecret of a companyKey start) for a 15-minute widget token, and renews it the same way until the session ends.',
  })
  @ApiErrors(KYC_ERRORS, 'SESSION_LINK_INVALID', 'RATE_LIMITED')
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
  @ApiOperation({
    summary: 'Get a widget token with a companyKey',
    description:
      "The specification's public link: the organization's companyKey (as a bearer token) and your userId start a new applicant; an applicant that exists and was begun (in progress or submitted, whatever its outcome) gets one answer, 409 VERIFICATION_IN_PROGRESS, so the public key tells nothing of it: only the browser that started it (its resume secret) or a server-created link follows it.",
  })
  @ApiErrors(KYC_ERRORS, 'COMPANY_KEY_INVALID', 'COMPANY_KEY_LINKS_DISABLED', 'WEBHOOK_NOT_CONFIGURED', 'VERIFICATION_IN_PROGRESS', 'RATE_LIMITED')
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
  @ApiOperation({
    summary: 'Open the widget for an applicant',
    description:
      "Signed-in staff get a widget token for an applicant of their organization, to open the verification page for them. The specification's call, kept although a GET that creates: the applicant (if new) and a staff session of the widget. It is safe because it needs a signed-in member of the organization with the right to update applicants, and it is checked against cross-site requests like a write: a session caller must send X-Requested-With (a link on another site cannot), else 403 CSRF_HEADER_MISSING.",
  })
  @ApiErrors(ORGANIZATION_ERRORS, 'ORGANIZATION_NOT_FOUND')
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
  @ApiOperation({
    summary: 'Follow the verification status',
    description:
      'A server-sent event stream of `{ status, redirectUrl }` (pending, processing, completed, failed) for the verification page; the token goes in the query.',
  })
  @ApiErrors(KYC_ERRORS, 'invalid-token', 'RATE_LIMITED')
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
  @ApiOperation({
    summary: 'Read the verification in progress',
    description: "The session's progress, to resume the widget: photos taken, data entered, status (status only for a status token).",
  })
  session(@WidgetClaims() claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    return this.state.view(claims);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Post('kyc/documents')
  @HttpCode(200)
  @ApiOkResponse({ type: WidgetSessionDto })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED or CAPTURE_BUSY, with Retry-After' })
  @ApiServiceUnavailableResponse({ description: 'PHOTO_CHECK_TIMEOUT, with Retry-After' })
  @ApiOperation({
    summary: 'Upload a document photo or selfie',
    description:
      "One photo of the document (front or back) or the selfie. A document photo is measured as it arrives and refused below the organization's quality thresholds; the side with the machine-readable zone is read at once and the answer carries `readFromPhoto` (null when it is not read within KYC_PREFILL_TIMEOUT_MS: the photo is kept all the same). A session or an address may have only a few photos being checked at once (CAPTURE_BUSY beyond).",
  })
  @ApiErrors(
    KYC_ERRORS,
    'STATUS_ONLY',
    'POSE_NOT_FOR_DOCUMENT',
    'IMAGE_NOT_AN_IMAGE',
    'IMAGE_DAMAGED',
    'IMAGE_TOO_LARGE',
    'IMAGE_TOO_MANY_PIXELS',
    'PHOTO_QUALITY',
    'RATE_LIMITED',
    'CAPTURE_BUSY',
    'PHOTO_CHECK_TIMEOUT',
  )
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_ALREADY_SUBMITTED', 'DOCUMENT_SIDE_INVALID')
  @ApiErrors(DECISION_ERRORS, 'STEP_NOT_REQUESTED')
  upload(@WidgetClaims() claims: WidgetTokenClaims, @Body() body: UploadDocumentDto, @Req() req: Request): Promise<WidgetSessionDto> {
    return this.steps.uploadDocument(claims, body, req.ip);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Put('kyc/personal-data')
  @ApiOkResponse({ type: WidgetSessionDto })
  @ApiOperation({
    summary: "Save the end user's data",
    description:
      'The verification page saves the personal data the end user typed (name, date of birth, document number…), shown prefilled from the document where it was read.',
  })
  @ApiErrors(KYC_ERRORS, 'STATUS_ONLY')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_ALREADY_SUBMITTED')
  @ApiErrors(DECISION_ERRORS, 'STEP_NOT_REQUESTED')
  personalData(@WidgetClaims() claims: WidgetTokenClaims, @Body() body: PersonalDataDto, @Req() req: Request): Promise<WidgetSessionDto> {
    return this.steps.savePersonalData(claims, body, req.ip);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Post('kyc/submit')
  @HttpCode(200)
  @ApiOkResponse({ type: WidgetSessionDto })
  @ApiTooManyRequestsResponse({ description: 'RATE_LIMITED, with Retry-After' })
  @ApiOperation({
    summary: 'Submit the verification',
    description: 'The end user submits: the automatic checks run and the applicant waits for review; the `applicant.submitted` webhook is sent.',
  })
  @ApiErrors(KYC_ERRORS, 'STATUS_ONLY', 'RATE_LIMITED')
  @ApiErrors(APPLICANT_ERRORS, 'APPLICANT_ALREADY_SUBMITTED', 'VERIFICATION_INCOMPLETE')
  submit(@WidgetClaims() claims: WidgetTokenClaims, @Req() req: Request): Promise<WidgetSessionDto> {
    return this.steps.submit(claims, req.ip);
  }
}
