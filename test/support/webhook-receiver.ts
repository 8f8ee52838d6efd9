import { EventEmitter } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import type { TestApp } from './app.js';
import { when } from './wait.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An integrator's webhook endpoint, for the API and the browser suites alike: a node:http
 * server on 127.0.0.1 (port 0) that records every request. It answers with the queued
 * statuses in turn, then `otherwise`. (The server's SSRF guard refuses such an address
 * unless ALLOW_PRIVATE_WEBHOOKS.)
 */
export interface WebhookReceiver {
  /** The endpoint to give the server, e.g. http://127.0.0.1:41234/hooks/kyc */
  url: string;
  /** Every request, in the order received. */
  received: ReceivedWebhook[];
  /** Statuses for the next requests, in order (e.g. [500, 500] then the default). */
  answer(...statuses: number[]): void;
  /**
   * Resolves with the first value `probe` returns other than undefined, checking the
   * deliveries now and on each one that arrives; rejects after `timeoutMs` naming `what`.
   */
  until<T>(probe: (received: ReceivedWebhook[]) => T | undefined, what: string, timeoutMs?: number): Promise<T>;
  /** Resolves with the deliveries once at least `count` have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(otherwise = 200): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queue: number[] = [];
  const arrivals = new EventEmitter();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      arrivals.emit('delivery');
      const status = queue.shift() ?? otherwise;
      if (status >= 300 && status < 400) res.setHeader('Location', 'http://127.0.0.1:1/elsewhere');
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const until: WebhookReceiver['until'] = (probe, what, timeoutMs = 10_000) => when(arrivals, ['delivery'], () => probe(received), what, timeoutMs);
  return {
    url: `http://127.0.0.1:${port}/hooks/kyc`,
    received,
    answer: (...statuses) => queue.push(...statuses),
    until,
    waitFor: (count, timeoutMs = 10_000) => until((all) => (all.length >= count ? all : undefined), `${count} webhook(s)`, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A row count of a table, for assertions on the delivery log. */
export function repository<T extends object>(t: TestApp, entity: new () => T) {
  return t.app.get(DataSource).getRepository(entity);
}
