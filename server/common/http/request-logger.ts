import { Logger } from '@nestjs/common';
import type { Response } from 'express';

/** Flush when this much is waiting, else within FLUSH_MS. */
const FLUSH_BYTES = 64 * 1024;
const FLUSH_MS = 200;

let pending = '';
let timer: NodeJS.Timeout | null = null;

/** Writes what is buffered; also at exit, so a stop loses no line. */
export function flushRequestLog(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!pending) return;
  const text = pending;
  pending = '';
  process.stdout.write(text);
}

process.once('exit', flushRequestLog);

/** A request that knows when it was received (AppRequest, express-adapter.ts). */
type TimedRequest = Response['req'] & { receivedAt: number };

/**
 * The path as logged: without the query, and with the integrator's identifier of an end
 * user (`/applicants/<userId>`) replaced, so that the log names no person an erasure
 * would have to find there.
 */
export function loggedPath(originalUrl: string): string {
  const query = originalUrl.indexOf('?');
  const path = query < 0 ? originalUrl : originalUrl.slice(0, query);
  return path.includes('/applicants/') ? path.replace(/\/applicants\/[^/]+/, '/applicants/:userId') : path;
}

function lineOf(this: Response): void {
  const req = this.req as TimedRequest;
  const durationMs = Math.round((performance.now() - req.receivedAt) * 10) / 10;
  // The app logger's JSON shape, written out directly: only the path needs escaping.
  pending += `{"level":"log","pid":${process.pid},"timestamp":${Date.now()},"message":{"method":"${req.method}","path":${JSON.stringify(loggedPath(req.originalUrl))},"status":${this.statusCode},"durationMs":${durationMs}},"context":"HTTP"}\n`;
  if (pending.length >= FLUSH_BYTES) flushRequestLog();
  else timer ??= setTimeout(flushRequestLog, FLUSH_MS).unref();
}

/**
 * One line per request when it finishes, in the app logger's JSON shape (`context: "HTTP"`).
 * Lines are buffered and written together (stdout on a pipe or file is a synchronous write
 * per call on Linux), at the latest FLUSH_MS later. Only the path is logged (loggedPath: no
 * end user's identifier), never the query string, headers or body: tokens travel in query
 * strings (e-mail links) and secrets in headers.
 */
export function logRequest(res: Response): void {
  if (Logger.isLevelEnabled('log')) res.on('finish', lineOf);
}
