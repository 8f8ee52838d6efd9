import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DataSource } from 'typeorm';
import type { TestApp } from './app.js';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * An integrator's webhook endpoint: a node:http server on 127.0.0.1 (port 0) that
 * records every request. It answers with the queued statuses in turn, then `otherwise`.
 */
export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Statuses for the next requests, in order (e.g. [500, 500] then the default). */
  answer(...statuses: number[]): void;
  /** Resolves when at least `count` requests have arrived. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedWebhook[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(otherwise = 200): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const queue: number[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = queue.shift() ?? otherwise;
      if (status >= 300 && status < 400) res.setHeader('Location', 'http://127.0.0.1:1/elsewhere');
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(`answered ${status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/kyc`,
    received,
    answer: (...statuses) => queue.push(...statuses),
    waitFor: (count, timeoutMs = 5000) => waitUntil(() => (received.length >= count ? received : undefined), timeoutMs, `${count} webhook(s)`),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `probe` until it returns a value (sync or async); fails after `timeoutMs`. */
export async function waitUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  timeoutMs = 5000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A row count of a table, for assertions on the delivery log. */
export function repository<T extends object>(t: TestApp, entity: new () => T) {
  return t.app.get(DataSource).getRepository(entity);
}
