import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Req } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SessionData } from 'express-session';
import type { DataSource } from 'typeorm';
import { AuditService } from '../audit/audit.service.js';
import { sha256 } from '../common/crypto.js';
import { ActiveSessionDto } from '../sessions/dto/session.dto.js';
import { deviceName } from '../sessions/device-name.js';
import { DatabaseSessionStore, SESSION_IDLE_MS } from '../sessions/session.store.js';
import { AUTH_MESSAGES } from '../users/account.messages.js';
import { CurrentUser } from '../users/current-user.decorator.js';
import type { User } from '../users/user.entity.js';
import { AUTH_ERRORS } from './auth.errors.js';
import { ApiErrors } from '../common/errors/api-errors.decorator.js';

/**
 * The signed-in user's own sessions (session cookie only). "Last seen" comes from the
 * idle expiry the store already pushes forward on each request: no extra write.
 */
@ApiTags('auth')
@Controller('auth/sessions')
export class SessionsController {
  constructor(
    private readonly store: DatabaseSessionStore,
    private readonly audit: AuditService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @ApiOkResponse({ type: [ActiveSessionDto], description: "The account's live sessions: this one first, then newest first" })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({
    summary: 'List my sessions',
    description: "The signed-in account's live sessions (device, address, last activity): this one first, then newest first.",
  })
  async list(@CurrentUser() user: User, @Req() req: Request): Promise<ActiveSessionDto[]> {
    const currentHash = req.sessionID ? sha256(req.sessionID) : null;
    const rows = await this.store.listForUser(user.id);
    const sessions = rows.map((row): ActiveSessionDto => {
      const data = JSON.parse(row.data) as Partial<SessionData>;
      const lastSeen = Math.max(row.createdAt.getTime(), row.expiresAt.getTime() - SESSION_IDLE_MS);
      return {
        id: row.idHash,
        device: deviceName(data.userAgent),
        ip: data.ip ? data.ip.replace(/^::ffff:/, '') : null,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: new Date(lastSeen).toISOString(),
        current: row.idHash === currentHash,
      };
    });
    return sessions.sort((a, b) => Number(b.current) - Number(a.current));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'That session has ended' })
  @ApiNotFoundResponse({ description: AUTH_MESSAGES.sessionNotFound })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({ summary: 'End one of my sessions', description: 'Ends one session of the signed-in account, on whatever device it is.' })
  @ApiErrors(AUTH_ERRORS, 'STAFF_SESSION_NOT_FOUND')
  async revoke(@CurrentUser() user: User, @Param('id') id: string): Promise<void> {
    if (!(await this.store.destroyOneForUser(user.id, id))) throw AUTH_ERRORS.error('STAFF_SESSION_NOT_FOUND');
    await this.record(user, 1);
  }

  @Post('revoke-others')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'Every other session of the account has ended; this one goes on' })
  @ApiUnauthorizedResponse({ description: 'Not signed in' })
  @ApiOperation({ summary: 'End my other sessions', description: 'Ends every session of the signed-in account except this one.' })
  async revokeOthers(@CurrentUser() user: User, @Req() req: Request): Promise<void> {
    const before = (await this.store.listForUser(user.id)).length;
    await this.store.destroyAllForUser(user.id, req.sessionID);
    await this.record(user, Math.max(0, before - 1));
  }

  private record(user: User, count: number): Promise<void> {
    return this.dataSource.transaction((manager) =>
      this.audit.record(manager, { actor: user, organizationId: null, action: 'account.sessions_revoked', detail: { count } }),
    );
  }
}
