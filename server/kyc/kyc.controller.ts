import { Body, Controller, Get, Headers, HttpCode, Post, Put, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiOkResponse, ApiProduces, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CurrentUser } from '../users/current-user.decorator.js';
import { Public } from '../common/access/public.decorator.js';
import { RequirePermission } from '../common/access/require-permission.decorator.js';
import type { User } from '../users/user.entity.js';
import {
  KycTokenResponseDto,
  PersonalDataDto,
  StaffTokenQueryDto,
  StaffTokenResponseDto,
  StatusQueryDto,
  UploadDocumentDto,
  UserIdQueryDto,
  WidgetSessionDto,
} from './dto/kyc.dto.js';
import { invalidToken } from './kyc.errors.js';
import { VerificationSessionService } from './verification-session.service.js';
import { VerificationStepsService } from './verification-steps.service.js';
import { VerificationTokensService } from './verification-tokens.service.js';
import { StatusStreamService } from './status-stream.service.js';
import { WidgetClaims, WidgetTokenGuard } from './widget-token.guard.js';
import { WidgetTokenService, type WidgetTokenClaims } from './widget-token.service.js';

@ApiTags('kyc')
@Controller()
export class KycController {
  constructor(
    private readonly issuer: VerificationTokensService,
    private readonly sessions: VerificationSessionService,
    private readonly steps: VerificationStepsService,
    private readonly tokens: WidgetTokenService,
    private readonly streams: StatusStreamService,
  ) {}

  @Public()
  @Get('kyc/get-new-token')
  @ApiBearerAuth()
  @ApiOkResponse({ type: KycTokenResponseDto, description: 'A widget token for this applicant (created if new)' })
  @ApiConflictResponse({ description: "code WEBHOOK_NOT_CONFIGURED: the organization's owner has no webhook" })
  @ApiUnauthorizedResponse({ description: 'Unknown companyKey' })
  issueForCompanyKey(@Headers('authorization') authorization: string | undefined, @Query() query: UserIdQueryDto) {
    const companyKey = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    return this.issuer.issueForCompanyKey(companyKey, query.userId);
  }

  @Get('get-new-token')
  @RequirePermission('applicants', 'update')
  @ApiOkResponse({ type: StaffTokenResponseDto })
  issueForStaff(@CurrentUser() user: User, @Query() query: StaffTokenQueryDto): Promise<StaffTokenResponseDto> {
    return this.issuer.issueForStaff(user, query.organizationId, query.userId);
  }

  @Public()
  @Get('kyc/status')
  @ApiProduces('text/event-stream')
  @ApiOkResponse({ description: 'Server-sent events `{ status, redirectUrl }`: pending, processing, completed, failed' })
  @ApiUnauthorizedResponse({ description: 'invalid-token: the token is missing, expired or not for this applicant' })
  async status(@Query() query: StatusQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    const claims = this.tokens.verify(query.token);
    if (!claims || claims.userId !== query.userId) throw invalidToken();
    const applicant = await this.sessions.applicantFor(claims);
    if (!(await this.sessions.companyKeyMatches(claims.organizationId, query.companyKey))) throw invalidToken();
    this.streams.stream(req, res, await this.sessions.currentStatus(applicant));
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Get('kyc/session')
  @ApiBearerAuth()
  @ApiOkResponse({ type: WidgetSessionDto, description: "The applicant's progress, to resume the widget" })
  session(@WidgetClaims() claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    return this.sessions.session(claims);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Post('kyc/documents')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: WidgetSessionDto })
  upload(@WidgetClaims() claims: WidgetTokenClaims, @Body() body: UploadDocumentDto): Promise<WidgetSessionDto> {
    return this.steps.uploadDocument(claims, body);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Put('kyc/personal-data')
  @ApiBearerAuth()
  @ApiOkResponse({ type: WidgetSessionDto })
  personalData(@WidgetClaims() claims: WidgetTokenClaims, @Body() body: PersonalDataDto): Promise<WidgetSessionDto> {
    return this.steps.savePersonalData(claims, body);
  }

  @Public()
  @UseGuards(WidgetTokenGuard)
  @Post('kyc/submit')
  @HttpCode(200)
  @ApiBearerAuth()
  @ApiOkResponse({ type: WidgetSessionDto })
  submit(@WidgetClaims() claims: WidgetTokenClaims): Promise<WidgetSessionDto> {
    return this.steps.submit(claims);
  }
}
