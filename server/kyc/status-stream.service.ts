import { Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import { StatusBus } from '../common/events/status-bus.js';
import type { ApplicantStatusEvent } from '../common/events/status-event.js';

/** A comment line keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/**
 * Server-sent status events for one applicant: the current status at once, then every
 * change, with heartbeats. The subscription and timer are released when the client
 * goes away; open streams are ended when the server shuts down.
 */
@Injectable()
export class StatusStreamService implements BeforeApplicationShutdown {
  private readonly open = new Set<Response>();

  constructor(private readonly bus: StatusBus) {}

  stream(req: Request, res: Response, current: ApplicantStatusEvent): void {
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    const send = (event: ApplicantStatusEvent) => res.write(`data: ${JSON.stringify({ status: event.status, redirectUrl: event.redirectUrl })}\n\n`);
    res.write('retry: 3000\n\n');
    send(current);
    const unsubscribe = this.bus.subscribe(current.organizationId, current.userId, send);
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    this.open.add(res);
    req.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      this.open.delete(res);
    });
  }

  openStreams(): number {
    return this.open.size;
  }

  /** Before the HTTP server closes: an open stream would otherwise hold the shutdown. */
  beforeApplicationShutdown(): void {
    for (const res of this.open) res.end();
  }
}
