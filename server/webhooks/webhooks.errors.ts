import { HttpStatus } from '@nestjs/common';
import { errorCatalogue } from '../common/errors/app-error.js';
import { INVALID_URL_MESSAGE, NOT_PUBLIC_MESSAGE, UNRESOLVABLE_MESSAGE } from './ssrf-guard.js';

/** Every error of the webhook settings and the delivery log, with its stable code. */
export const WEBHOOK_ERRORS = errorCatalogue('webhooks', {
  WEBHOOK_EVENT_NOT_FOUND: { status: HttpStatus.NOT_FOUND, message: 'Webhook event not found' },
  WEBHOOK_NOT_SET: { status: HttpStatus.BAD_REQUEST, message: 'Configure a webhook URL first' },
  WEBHOOK_URL_PRIVATE: {
    status: HttpStatus.BAD_REQUEST,
    message: NOT_PUBLIC_MESSAGE,
    description: 'The URL resolves to a private, loopback, link-local or otherwise non-public address.',
  },
  WEBHOOK_URL_UNRESOLVABLE: { status: HttpStatus.BAD_REQUEST, message: UNRESOLVABLE_MESSAGE },
  WEBHOOK_URL_INVALID: {
    status: HttpStatus.BAD_REQUEST,
    message: INVALID_URL_MESSAGE,
    description: 'The URL cannot be parsed as the sender would read it (e.g. an IPv6 zone id such as `[fe80::1%25eth0]`).',
  },
});
