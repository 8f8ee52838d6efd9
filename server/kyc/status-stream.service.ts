import { Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Request, Response } from 'express';
import { StatusBus } from '../common/events/status-bus.js';
import type { ApplicantStatusEvent } from '../common/events/status-event.js';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { rateLimited } from './kyc.errors.js';
import { addressKey } from '../common/rate-limit/address-key.js';

/** A comment line keeps proxies and browsers from closing an idle stream. */
export const HEARTBEAT_MS = 20_000;

/** Open streams per key (a token, an address); a key leaves the map with its last stream. */
class StreamCounts extends Map<string, number> {
  add(key: string): void {
    this.set(key, (this.get(key) ?? 0) + 1);
  }
  remove(key: string): void {
    const left = (this.get(key) ?? 1) - 1;
    if (left > 0) this.set(key, left);
    else this.delete(key);
  }
}

/**
 * Server-sent status events for one applicant: the current status at once, then every
 * change, with heartbeats. The subscription and timer are released when the client
 * goes away; open streams are ended when the server shuts down. Each replica holds its
 * own connections, so it counts them itself: at most KYC_STREAMS_PER_TOKEN per token and
 * KYC_STREAMS_PER_IP per address on one replica.
 */
@Injectable()
export class StatusStreamService implements BeforeApplicationShutdown {
  private readonly open = new Set<Response>();
  private readonly perToken = new StreamCounts();
  private readonly perIp = new StreamCounts();

  constructor(
    private readonly bus: StatusBus,
    @Inject(appConfig.KEY) private readonly env: AppConfig,
  ) {}

  /** `redirectUrl` replaces the owner's redirect URL in every event (a session's own). */
  stream(req: Request, res: Response, token: string, current: ApplicantStatusEvent, redirectUrl: string | null): void {
    const ip = addressKey(req.ip);
    const { streamsPerToken, streamsPerIp } = this.env.verification;
    if ((this.perToken.get(token) ?? 0) >= streamsPerToken || (this.perIp.get(ip) ?? 0) >= streamsPerIp) throw rateLimited(5);
    this.perToken.add(token);
    this.perIp.add(ip);
    res.status(200);
    res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store, no-transform');
    res.setHeader('Connection', 'keep-alive');
    res.setHeader('X-Accel-Buffering', 'no');
    res.flushHeaders();
    res.socket?.setNoDelay(true);
    const send = (event: ApplicantStatusEvent) =>
      res.write(`data: ${JSON.stringify({ status: event.status, redirectUrl: redirectUrl ?? event.redirectUrl })}\n\n`);
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
      this.perToken.remove(token);
      this.perIp.remove(ip);
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
