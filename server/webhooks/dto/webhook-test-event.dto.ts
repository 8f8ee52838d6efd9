import { ApiProperty } from '@nestjs/swagger';
import { TEST_EVENT_TYPE } from '../webhook-events.js';

/*
 * The body of the `webhook.test` event (server/webhooks/webhook-events.ts), for the OpenAPI
 * document's `webhooks`; the OpenAPI lint checks a body built by testEventBody against it.
 */
export class TestWebhookData {
  @ApiProperty({ example: 'This is a test event from your KYC platform account.' })
  message: string;
}

export class TestWebhookEvent {
  @ApiProperty({ enum: [TEST_EVENT_TYPE] })
  type: string;

  @ApiProperty({ format: 'date-time' })
  timestamp: string;

  @ApiProperty({ type: TestWebhookData })
  data: TestWebhookData;
}
