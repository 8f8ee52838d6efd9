import { Webhook } from 'standardwebhooks';
import { generateWebhookSecret, signWebhook } from './webhook-signature.js';

describe('webhook signatures', () => {
  it('are exactly what the standardwebhooks library verifies', () => {
    const secret = generateWebhookSecret();
    const body = JSON.stringify({ type: 'webhook.test', data: { ok: true } });
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = { 'webhook-id': 'evt_1', 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(secret, 'evt_1', timestamp, body) };
    expect(new Webhook(secret).verify(body, headers)).toEqual({ type: 'webhook.test', data: { ok: true } });
    expect(() => new Webhook(secret).verify(`${body} `, headers)).toThrow();
  });
});
