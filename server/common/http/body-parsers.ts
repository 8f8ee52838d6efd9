import express, { type ErrorRequestHandler, type Request, type RequestHandler } from 'express';
import { errorBody, genericCode } from '../errors/app-error.js';

/** Largest JSON body accepted: a 5 MB image travels base64-encoded inside JSON. */
export const JSON_BODY_LIMIT = '8mb';

/**
 * Body-parser failures happen before Nest's router, so they get their own error
 * handler that answers in the API's error shape instead of Express's HTML page.
 */
const bodyErrorHandler: ErrorRequestHandler = (err: { type?: string; status?: number }, _req, res, next) => {
  if (err.type === 'entity.parse.failed') {
    res.status(400).json(errorBody(400, 'The request body is not valid JSON', 'MALFORMED_JSON'));
  } else if (err.type === 'entity.too.large') {
    res.status(413).json(errorBody(413, `The request body is too large (the limit is ${JSON_BODY_LIMIT.toUpperCase()})`, 'PAYLOAD_TOO_LARGE'));
  } else if (typeof err.status === 'number' && err.status >= 400 && err.status < 500) {
    res.status(err.status).json(errorBody(err.status, 'The request body could not be read', genericCode(err.status)));
  } else {
    next(err);
  }
};

/**
 * Keys JavaScript gives a meaning of its own. JSON.parse makes them plain properties, but
 * class-transformer, merges and spreads further on treat them as the prototype chain
 * (an object with a `constructor` string inside made the sign-in guard throw: a 500).
 * No field of this API has these names, so a body that uses them anywhere is refused.
 */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** U+0000: PostgreSQL cannot store it in text nor compare text with it (SQLite can; the API answers alike). */
const NUL = '\u0000';
/** Half of a surrogate pair alone (JSON's "\ud800"): no UTF-8 for it; validator's isEmail threw on it (a 500). */
const UNPAIRED_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function problemInText(text: string, where: string): string | undefined {
  if (text.includes(NUL)) return `${where} must not contain the NUL character (U+0000)`;
  if (UNPAIRED_SURROGATE.test(text)) return `${where} must be well-formed Unicode (it has an unpaired surrogate)`;
  return undefined;
}

/**
 * How deep a body's objects and arrays may nest. No field of this API goes past a few
 * levels; a body nested thousands deep overflowed the stack of the validation that
 * walks it recursively (a 500).
 */
export const MAX_BODY_DEPTH = 32;

/** The first problem of a parsed body or query, walking every key and string value. */
function problemIn(value: unknown, where: string): string | undefined {
  const stack: { node: unknown; depth: number }[] = [{ node: value, depth: 0 }];
  while (stack.length > 0) {
    const { node: current, depth } = stack.pop()!;
    if (typeof current === 'string') {
      const problem = problemInText(current, where);
      if (problem) return problem;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return `${where} is nested too deeply (at most ${MAX_BODY_DEPTH} levels of objects and arrays)`;
    for (const key of Object.keys(current)) {
      if (RESERVED_KEYS.has(key)) return `${where} may not contain the key "${key}"`;
      const problem = problemInText(key, where);
      if (problem) return problem;
      stack.push({ node: (current as Record<string, unknown>)[key], depth: depth + 1 });
    }
  }
  return undefined;
}

/**
 * Input no route can use is refused here, once, with a 400 that says why — rather than
 * as a database or library error deep inside a handler: a NUL character or an unpaired
 * surrogate anywhere (path, query, body), the reserved keys above, and nesting deeper
 * than MAX_BODY_DEPTH.
 */
const refuseUnusableInput: RequestHandler = (req, res, next) => {
  const path = req.originalUrl.split('?')[0];
  const problem = /%00/i.test(path)
    ? 'The path must not contain the NUL character (U+0000)'
    : (problemIn(req.query, 'The query string') ?? problemIn(req.body, 'The request body'));
  if (problem === undefined) return next();
  res.status(400).json(errorBody(400, [problem], 'VALIDATION_FAILED'));
};

/** A request whose JSON body is also kept as received, for signatures computed over the raw bytes. */
export type RawBodyRequest = Request & { rawBody?: Buffer };

/** A reserved key, were it in a query string (or anywhere in a URL). */
const RESERVED_IN_URL = /__proto__|constructor|prototype/;

/**
 * Without a percent-escape, a URL decodes to its own characters: no NUL (the HTTP parser
 * refuses control characters), no surrogate (it is read byte by byte), and every key of
 * its query is a piece of it. Such a GET or HEAD has nothing to refuse, and its query is
 * not parsed here only to be checked.
 */
function plainlyUsable(req: Request): boolean {
  const url = req.url;
  return !url.includes('%') && !RESERVED_IN_URL.test(url);
}

/**
 * The request's input as one step: no route reads the body of a GET or HEAD, so those
 * are not parsed; a body that cannot be read is answered here; then the input is checked.
 */
export function inputReader(): RequestHandler {
  const json = express.json({
    limit: JSON_BODY_LIMIT,
    // The parsed body and this reference share one buffer: no copy is made.
    verify: (req, _res, buffer) => {
      (req as RawBodyRequest).rawBody = buffer;
    },
  });
  return (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return plainlyUsable(req) ? next() : refuseUnusableInput(req, res, next);
    json(req, res, (error?: unknown) => (error ? bodyErrorHandler(error, req, res, next) : refuseUnusableInput(req, res, next)));
  };
}
