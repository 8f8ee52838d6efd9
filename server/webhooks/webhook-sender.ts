import { Inject, Injectable } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { appConfig, type AppConfig } from '../config/config.module.js';
import { parseWebhookUrl, resolveWebhookHost, urlHost, WebhookTargetError, type ResolvedAddress } from './ssrf-guard.js';
import { DELIVERY_ERRORS } from './webhooks.messages.js';

export const DELIVERY_TIMEOUT_MS = 15_000;

export interface SendResult {
  /** The receiver's HTTP status, null when there was no answer. */
  responseCode: number | null;
  error: string | null;
  delivered: boolean;
  durationMs: number;
}

/**
 * A `lookup` for node:http that answers with the address the SSRF guard already
 * checked, so the connection goes exactly there (no second DNS answer to rebind).
 */
function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, [target]);
    } else {
      callback(null, target.address, target.family);
    }
  };
}

function describeError(error: unknown): string {
  if (error instanceof WebhookTargetError) return error.message;
  const err = error as NodeJS.ErrnoException;
  if (err?.name === 'AbortError' || err?.code === 'ABORT_ERR') return DELIVERY_ERRORS.timeout;
  const text = err?.code ? `${err.code}: ${err.message}` : String(err?.message ?? error);
  return text.slice(0, 1000);
}

/**
 * Sends one webhook attempt: POST with the given headers, 15 s for the whole exchange
 * (DNS included), no redirects followed, 2xx counts as delivered. The host is
 * resolved and checked against the SSRF guard at send time too.
 */
@Injectable()
export class WebhookSender {
  constructor(@Inject(appConfig.KEY) private readonly env: AppConfig) {}

  async send(url: string, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), DELIVERY_TIMEOUT_MS);
    const finish = (responseCode: number | null, error: string | null): SendResult => ({
      responseCode,
      error,
      delivered: responseCode !== null && responseCode >= 200 && responseCode < 300,
      durationMs: Math.round(performance.now() - started),
    });
    try {
      const target = parseWebhookUrl(url);
      const aborted = new Promise<never>((_resolve, reject) =>
        controller.signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))),
      );
      const [address] = await Promise.race([resolveWebhookHost(urlHost(target), this.env.allowPrivateWebhooks), aborted]);
      const status = await this.post(target, address, headers, body, controller.signal);
      if (status >= 300 && status < 400) return finish(status, DELIVERY_ERRORS.redirect(status));
      if (status < 200 || status >= 300) return finish(status, DELIVERY_ERRORS.httpStatus(status));
      return finish(status, null);
    } catch (error) {
      return finish(null, describeError(error));
    } finally {
      clearTimeout(timer);
    }
  }

  private post(target: URL, address: ResolvedAddress, headers: Record<string, string>, body: string, signal: AbortSignal): Promise<number> {
    const client = target.protocol === 'https:' ? https : http;
    return new Promise<number>((resolve, reject) => {
      const request = client.request(
        {
          protocol: target.protocol,
          host: urlHost(target),
          port: target.port || undefined,
          path: `${target.pathname}${target.search}`,
          method: 'POST',
          headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          auth: target.username ? `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}` : undefined,
          lookup: pinnedLookup(address),
          agent: false,
          signal,
        },
        (response) => {
          // The status decides. The body is drained and dropped (so the connection ends
          // cleanly), but never for long nor beyond 64 KB.
          resolve(response.statusCode ?? 0);
          let received = 0;
          const cutOff = setTimeout(() => request.destroy(), 5_000);
          cutOff.unref();
          response.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > 65_536) request.destroy();
          });
          response.on('close', () => clearTimeout(cutOff));
          response.on('error', () => undefined);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }
}
