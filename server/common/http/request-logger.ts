import { Logger } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

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

/**
 * One line per request, in the app logger's JSON shape (`context: "HTTP"`). Lines are
 * buffered and written together (stdout on a pipe or file is a synchronous write per call
 * on Linux), at the latest FLUSH_MS later. Only the path is logged, never the query string,
 * headers or body: tokens travel in query strings (e-mail links) and secrets in headers.
 */
export function requestLogger(req: Request, res: Response, next: NextFunction): void {
  if (!Logger.isLevelEnabled('log')) return next();
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e5) / 10;
    const message = { method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, durationMs };
    pending += `${JSON.stringify({ level: 'log', pid: process.pid, timestamp: Date.now(), message, context: 'HTTP' })}\n`;
    if (pending.length >= FLUSH_BYTES) flushRequestLog();
    else timer ??= setTimeout(flushRequestLog, FLUSH_MS).unref();
  });
  next();
}
