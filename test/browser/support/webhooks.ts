import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { when } from './wait.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** The endpoint to give the server, e.g. http://127.0.0.1:41234/hooks/kyc */
  url: string;
  /** Every request, in the order received. */
  received: ReceivedWebhook[];
  /** Statuses for the next requests, in turn; 200 after them. */
  answers: number[];
  /**
   * Resolves with the first value `probe` returns other than undefined, checking the deliveries
   * now and on each one that arrives; rejects after `timeoutMs` naming `what`.
   */
  until: <T>(probe: (received: ReceivedWebhook[]) => T | undefined, what: string, timeoutMs?: number) => Promise<T>;
  /** Resolves with the deliveries once at least `count` have arrived. */
  deliveries: (count: number, timeoutMs?: number) => Promise<ReceivedWebhook[]>;
  close: () => Promise<void>;
}

/**
 * The integrator's endpoint on 127.0.0.1: records every request and answers 200 unless told
 * otherwise. (The server's SSRF guard refuses such an address unless ALLOW_PRIVATE_WEBHOOKS.)
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const answers: number[] = [];
  const arrivals = new EventEmitter();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      arrivals.emit('delivery');
      res.writeHead(answers.shift() ?? 200, { 'Content-Type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const until: WebhookReceiver['until'] = (probe, what, timeoutMs = 10_000) =>
    when(arrivals, ['delivery'], () => probe(received), what, timeoutMs);

  return {
    url: `http://127.0.0.1:${port}/hooks/kyc`,
    received,
    answers,
    until,
    deliveries: (count, timeoutMs) =>
      until((all) => (all.length >= count ? all : undefined), `${count} webhook deliveries`, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
