import http from 'node:http';

export interface SseClient {
  status: number;
  /** Resolves with the next `data:` event (parsed JSON). */
  next(): Promise<unknown>;
  close(): void;
}

/** A minimal EventSource over node:http for tests: collects `data:` lines as parsed events. */
export function openSse(url: string): Promise<SseClient> {
  return new Promise((resolve, reject) => {
    const queue: unknown[] = [];
    const waiting: ((event: unknown) => void)[] = [];
    const req = http.get(url, (res) => {
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data: '))
            .map((line) => line.slice(6))
            .join('\n');
          if (!data) continue;
          const event: unknown = JSON.parse(data);
          const waiter = waiting.shift();
          if (waiter) waiter(event);
          else queue.push(event);
        }
      });
      resolve({
        status: res.statusCode ?? 0,
        next: () =>
          queue.length > 0
            ? Promise.resolve(queue.shift())
            : new Promise((resolveEvent, rejectEvent) => {
                const timer = setTimeout(() => rejectEvent(new Error('no event within 5 s')), 5000);
                waiting.push((event) => {
                  clearTimeout(timer);
                  resolveEvent(event);
                });
              }),
        close: () => req.destroy(),
      });
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}
