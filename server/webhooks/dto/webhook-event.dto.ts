import { ApiProperty } from '@nestjs/swagger';
import { PageMetaDto } from '../../common/paging/page-meta.dto.js';
import { WEBHOOK_EVENT_STATUSES, type WebhookEventStatus } from '../webhook-event.entity.js';
import { WEBHOOK_EVENT_TYPES } from '../webhook-events.js';

export class WebhookEventDto {
  @ApiProperty({ format: 'uuid', description: 'Also the webhook-id header of every attempt' })
  id: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES, enumName: 'WebhookEventType' })
  type: string;

  @ApiProperty({ enum: WEBHOOK_EVENT_STATUSES, enumName: 'WebhookEventStatus' })
  status: WebhookEventStatus;

  @ApiProperty({ description: 'Attempts made so far' })
  attempts: number;

  @ApiProperty({ type: Number, nullable: true, description: 'HTTP status of the last attempt; null when none answered' })
  lastResponseCode: number | null;

  @ApiProperty({ type: String, nullable: true })
  lastError: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When the next attempt is due (pending events only)' })
  nextAttemptAt: string | null;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  organizationId: string | null;

  @ApiProperty({ type: String, nullable: true, description: "The applicant's userId, for applicant events" })
  applicantUserId: string | null;

  @ApiProperty({ description: 'The exact JSON body sent' })
  payload: string;
}

export class WebhookEventPageDto {
  @ApiProperty({ type: [WebhookEventDto] })
  items: WebhookEventDto[];

  @ApiProperty({ type: PageMetaDto })
  meta: PageMetaDto;
}

export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ description: '1 for the first attempt' })
  attempt: number;

  @ApiProperty({ type: Number, nullable: true })
  responseCode: number | null;

  @ApiProperty({ type: String, nullable: true })
  error: string | null;

  @ApiProperty()
  durationMs: number;

  @ApiProperty({ type: String, format: 'date-time' })
  createdAt: string;
}
