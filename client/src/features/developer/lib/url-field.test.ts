import { describe, expect, it } from 'vitest';

import { ApiError, type ErrorCode } from '../../../api/client';
import { redirectUrlErrorMessage, validateHttpUrl } from './url-field';

function failure(status: number, code: ErrorCode, message: string | string[]) {
  const first = Array.isArray(message) ? message[0] : message;
  return new ApiError(status, first, { statusCode: status, message, error: 'Bad Request', code });
}

describe('redirectUrlErrorMessage (spec §5)', () => {
  it("shows 'redirect link must be a valid url address' for the server's validation failure (400 VALIDATION_FAILED)", () => {
    expect(redirectUrlErrorMessage(failure(400, 'VALIDATION_FAILED', ['redirectUrl must be a URL address']))).toBe('redirect link must be a valid url address');
    // The code decides, not the English text.
    expect(redirectUrlErrorMessage(failure(400, 'VALIDATION_FAILED', ['redirectUrl doit être une URL']))).toBe('redirect link must be a valid url address');
  });

  it('also when the server sends the message as a single string', () => {
    expect(redirectUrlErrorMessage(failure(400, 'VALIDATION_FAILED', 'redirectUrl must be a URL address'))).toBe('redirect link must be a valid url address');
  });

  it('keeps the server message for any other code, even one that reads like the URL complaint (spec §8)', () => {
    expect(redirectUrlErrorMessage(failure(400, 'MALFORMED_JSON', 'The request body is not valid JSON'))).toBe('The request body is not valid JSON');
    expect(redirectUrlErrorMessage(failure(400, 'BAD_REQUEST', ['redirectUrl must be a URL address']))).toBe('redirectUrl must be a URL address');
    expect(redirectUrlErrorMessage(failure(403, 'FORBIDDEN', "You currently don't have permission to do this"))).toBe(
      "You currently don't have permission to do this",
    );
  });

  it('falls back to the generic message for non-API errors', () => {
    expect(redirectUrlErrorMessage(new Error('boom'))).toBe('Failed to process your request at this time');
  });
});

describe('validateHttpUrl', () => {
  it("requires a value ('This field is required'), treating blanks as absent", () => {
    expect(validateHttpUrl('')).toBe('This field is required');
    expect(validateHttpUrl('   ')).toBe('This field is required');
  });

  it("accepts only absolute http(s) URLs ('This field is invalid' otherwise)", () => {
    expect(validateHttpUrl('https://api.example.com/hook')).toBeNull();
    expect(validateHttpUrl('http://127.0.0.1:4000/hook')).toBeNull();
    expect(validateHttpUrl('ftp://example.com')).toBe('This field is invalid');
    expect(validateHttpUrl('example.com/hook')).toBe('This field is invalid');
    expect(validateHttpUrl('javascript:alert(1)')).toBe('This field is invalid');
  });

  it('can say something more specific', () => {
    expect(validateHttpUrl('nope', 'redirect link must be a valid url address')).toBe('redirect link must be a valid url address');
  });
});
