import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Redis } from 'ioredis';
import { statusKey, type ApplicantStatusEvent } from './status-event.js';

export type StatusListener = (event: ApplicantStatusEvent) => void;

const CHANNEL = 'kyc:applicant-status';

/**
 * Carries applicant status changes to the status streams listening for them. In one
 * process a map from (organization, userId) to listeners does it; with REDIS_URL every
 * event goes through one Redis pub/sub channel, so a change raised on one replica
 * reaches a stream held by another. Dispatch is a map lookup, whatever the number of
 * open streams.
 */
@Injectable()
export class StatusBus implements OnModuleDestroy {
  private readonly logger = new Logger(StatusBus.name);
  private readonly listeners = new Map<string, Set<StatusListener>>();
  private readonly publisher?: Redis;
  private readonly subscriber?: Redis;
  private readonly ready: Promise<void>;

  constructor(redisUrl: string | undefined) {
    if (!redisUrl) {
      this.ready = Promise.resolve();
      return;
    }
    this.publisher = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => this.logger.error(`Redis: ${error.message}`));
    }
    this.subscriber.on('message', (_channel: string, message: string) => this.dispatch(JSON.parse(message)));
    this.ready = this.subscriber.subscribe(CHANNEL).then(() => undefined);
  }

  /** Resolves once events from other replicas are being received. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  async publish(event: ApplicantStatusEvent): Promise<void> {
    if (this.publisher) await this.publisher.publish(CHANNEL, JSON.stringify(event));
    else this.dispatch(event);
  }

  /** Listens for one applicant's changes; returns the function that stops listening. */
  subscribe(organizationId: string, userId: string, listener: StatusListener): () => void {
    const key = statusKey(organizationId, userId);
    let set = this.listeners.get(key);
    if (!set) {
      set = new Set();
      this.listeners.set(key, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(key);
    };
  }

  listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  async onModuleDestroy(): Promise<void> {
    await Promise.all([this.subscriber?.quit(), this.publisher?.quit()]);
  }

  private dispatch(event: ApplicantStatusEvent): void {
    const set = this.listeners.get(statusKey(event.organizationId, event.userId));
    if (!set) return;
    for (const listener of [...set]) listener(event);
  }
}
