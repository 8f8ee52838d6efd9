import { StatusBus } from './status-bus.js';
import type { ApplicantStatusEvent } from './status-event.js';

const event = (userId: string, status: ApplicantStatusEvent['status'] = 'processing'): ApplicantStatusEvent => ({
  organizationId: 'org-1',
  userId,
  status,
  redirectUrl: null,
});

describe('StatusBus in one process', () => {
  it('delivers an event only to listeners of that applicant, and stops after unsubscribe', async () => {
    const bus = new StatusBus(undefined);
    const alice: ApplicantStatusEvent[] = [];
    const bob: ApplicantStatusEvent[] = [];
    const stopAlice = bus.subscribe('org-1', 'alice', (e) => alice.push(e));
    bus.subscribe('org-1', 'bob', (e) => bob.push(e));
    await bus.publish(event('alice'));
    expect(alice).toHaveLength(1);
    expect(bob).toHaveLength(0);
    stopAlice();
    await bus.publish(event('alice', 'completed'));
    expect(alice).toHaveLength(1);
    expect(bus.listenerCount()).toBe(1);
  });
});

// Two buses with the same Redis stand for two replicas.
const redisUrl = process.env.TEST_REDIS_URL;
if (!redisUrl) {
  console.warn('SKIPPED: StatusBus over Redis — set TEST_REDIS_URL (e.g. redis://127.0.0.1:6379) to run it');
}
(redisUrl ? describe : describe.skip)('StatusBus over Redis (skipped without TEST_REDIS_URL)', () => {
  it('carries an event published on one replica to a listener on another', async () => {
    const replicaA = new StatusBus(redisUrl);
    const replicaB = new StatusBus(redisUrl);
    await Promise.all([replicaA.whenReady(), replicaB.whenReady()]);
    try {
      const userId = `user-${Date.now()}`;
      const received = new Promise<ApplicantStatusEvent>((resolve) => replicaB.subscribe('org-1', userId, resolve));
      await replicaA.publish(event(userId, 'completed'));
      await expect(received).resolves.toEqual(event(userId, 'completed'));
    } finally {
      await Promise.all([replicaA.onModuleDestroy(), replicaB.onModuleDestroy()]);
    }
  });
});
