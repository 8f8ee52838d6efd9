import { FairLane } from './fair-lane.js';

/** A task the test finishes by hand, recording when it started. */
function gate(order: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { start: () => (order.push(name), done), finish: () => finish() };
}
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FairLane', () => {
  it('gives a free thread to the owner who used the threads least, not to the longest queue', async () => {
    let now = 0;
    const lane = new FairLane(1, () => now);
    const order: string[] = [];
    const flood = Array.from({ length: 4 }, (_, index) => gate(order, `flood-${index}`));
    const runs = flood.map((task) => lane.run({ owner: 'flood' }, task.start));
    const user = gate(order, 'user');
    const userRun = lane.run({ owner: 'user' }, user.start);
    expect(order).toEqual(['flood-0']);
    now += 1000;
    flood[0].finish();
    await turn();
    // The flood has used the thread a second; the user nothing: the user goes next.
    expect(order).toEqual(['flood-0', 'user']);
    user.finish();
    await userRun;
    await turn();
    expect(order).toEqual(['flood-0', 'user', 'flood-1']);
    for (const task of flood.slice(1)) {
      task.finish();
      await turn();
    }
    await Promise.all(runs);
    expect(order).toEqual(['flood-0', 'user', 'flood-1', 'flood-2', 'flood-3']);
  });

  it('drops work given up before it starts, and never more than its threads at once', async () => {
    const lane = new FairLane(2);
    const order: string[] = [];
    const tasks = ['a', 'b', 'c', 'd'].map((name) => gate(order, name));
    const giveUp = new AbortController();
    const runs = tasks.map((task, index) => lane.run({ owner: 'x', signal: index === 2 ? giveUp.signal : undefined }, task.start));
    expect(order).toEqual(['a', 'b']);
    expect(lane.queued).toBe(2);
    giveUp.abort(new Error('answered without it'));
    await expect(runs[2]).rejects.toThrow('answered without it');
    expect(lane.queued).toBe(1);
    tasks[0].finish();
    await turn();
    expect(order).toEqual(['a', 'b', 'd']);
    tasks[1].finish();
    tasks[3].finish();
    await Promise.all([runs[0], runs[1], runs[3]]);
  });
});
