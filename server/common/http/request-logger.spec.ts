import { EventEmitter } from 'node:events';
import { jest } from '@jest/globals';
import type { Response } from 'express';
import { flushRequestLog, loggedPath, logRequest } from './request-logger.js';

/** A response as far as the log reads it: its request (received 2.5 ms ago), its status and the 'finish' event. */
function finishedResponse(method: string, originalUrl: string, statusCode: number): void {
  const res = Object.assign(new EventEmitter(), { req: { method, originalUrl, receivedAt: performance.now() - 2.5 }, statusCode });
  logRequest(res as unknown as Response);
  res.emit('finish');
}

describe('request log', () => {
  it('writes one JSON line per finished request, in the app logger shape, without the query string, buffered until flushed', () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
    try {
      finishedResponse('GET', '/api/projects/p1/applicants?search=secret-token&page=2', 200);
      finishedResponse('POST', '/api/auth/"quoted"\\path', 401);
      expect(written).toEqual([]);
      flushRequestLog();
      expect(written).toHaveLength(1);
      const lines = written[0]
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toEqual([
        {
          level: 'log',
          pid: process.pid,
          timestamp: expect.any(Number),
          message: { method: 'GET', path: '/api/projects/p1/applicants', status: 200, durationMs: expect.any(Number) },
          context: 'HTTP',
        },
        {
          level: 'log',
          pid: process.pid,
          timestamp: expect.any(Number),
          message: { method: 'POST', path: '/api/auth/"quoted"\\path', status: 401, durationMs: expect.any(Number) },
          context: 'HTTP',
        },
      ]);
      expect(lines[0].message.durationMs).toBeGreaterThanOrEqual(2.5);
      expect(written[0]).not.toContain('secret-token');
      expect(Object.keys(lines[0])).toEqual(['level', 'pid', 'timestamp', 'message', 'context']);
      flushRequestLog();
      expect(written).toHaveLength(1);
    } finally {
      write.mockRestore();
    }
  });

  it("never names an end user: the userId in an applicant's path is replaced (security review, low)", () => {
    expect(loggedPath('/api/projects/p1/applicants/customer-42/images/i9?x=1')).toBe('/api/projects/p1/applicants/:userId/images/i9');
    expect(loggedPath('/api/projects/p1/applicants/jane%40example.com')).toBe('/api/projects/p1/applicants/:userId');
    expect(loggedPath('/api/projects/p1/applicants')).toBe('/api/projects/p1/applicants');
    expect(loggedPath('/api/applicants?search=x')).toBe('/api/applicants');
  });
});
