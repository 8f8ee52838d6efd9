import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { HttpLimits } from '../../config/environment.js';
import type { NestApplicationOptions } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';

/*
 * Express gives every request and response its own prototype (Object.setPrototypeOf),
 * and from then on V8 adds each new property to them through its slow path: about 2 µs
 * a property on this machine, against a few nanoseconds to write one the object already
 * has. Express, its router and the app add about a dozen per API request (the bench's
 * "declared fields" measures what that costs the framework floor). The classes below declare them
 * in the constructor, before Express changes the prototype, so each of those writes
 * changes an existing property. Their values are those of an undeclared property:
 * undefined, or what the prototype holds (a response's status 200).
 */

/** A request with the fields Express, its router, express-session and the app set on it. */
export class AppRequest extends IncomingMessage {
  /** When the request's headers were read (performance.now()): the request log's start. */
  readonly receivedAt = performance.now();
  // Node's readable stream leaves its listener count on EventEmitter's prototype (0) until
  // the first listener is added, during the response.
  _eventsCount = 0;
  // Express and its router.
  next: unknown = undefined;
  baseUrl: string | undefined = undefined;
  originalUrl: string | undefined = undefined;
  params: unknown = undefined;
  route: unknown = undefined;
  _parsedUrl: unknown = undefined;
  // The JSON body parser (writes): the body, its flag, and the bytes kept for signatures (body-parsers.ts).
  body: unknown = undefined;
  _body: boolean | undefined = undefined;
  rawBody: Buffer | undefined = undefined;
  // express-session (requests with the session cookie).
  session: unknown = undefined;
  sessionID: string | undefined = undefined;
  sessionStore: unknown = undefined;
  // The caller (auth/authentication.middleware.ts; request-user.d.ts types them on Express's Request).
  user: unknown = undefined;
  rights: unknown = undefined;
  authMethod: string | undefined = undefined;
}

/** A response with the fields Express and the app set on it. */
export class AppResponse extends ServerResponse<AppRequest> {
  override statusCode = 200;
  override statusMessage: string = undefined as unknown as string;
  locals: unknown = undefined;
}

/** Idle keep-alive connections close after this (Node's own default, stated). */
const KEEP_ALIVE_TIMEOUT_MS = 5000;

/**
 * Nest's Express adapter on a server made of those classes, with the time and connection
 * limits of HttpLimits (a slow client cannot hold a connection for minutes, nor thousands
 * of them). createApp passes none of the options the adapter's own initHttpServer reads
 * (httpsOptions, forceCloseConnections, return503OnClosing): one given is refused rather
 * than silently dropped.
 */
export class AppExpressAdapter extends ExpressAdapter {
  constructor(private readonly limits: HttpLimits) {
    super();
  }

  override initHttpServer(options: NestApplicationOptions): void {
    if (options.httpsOptions || options.forceCloseConnections || options.return503OnClosing) {
      throw new Error('AppExpressAdapter serves plain HTTP without connection tracking; the options given need ExpressAdapter');
    }
    const server = createServer(
      {
        IncomingMessage: AppRequest,
        ServerResponse: AppResponse,
        headersTimeout: this.limits.headersTimeoutMs,
        requestTimeout: this.limits.requestTimeoutMs,
        keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
        // How often the timeouts above are checked (Node's default is every 30 s).
        connectionsCheckingInterval: Math.min(1000, this.limits.headersTimeoutMs),
      },
      this.getInstance(),
    );
    server.maxConnections = this.limits.maxConnections;
    this.httpServer = server as unknown as Server;
  }
}
