import { describe, expect, it } from 'vitest';

import { ApiError } from '../../../api/client';
import { redirectUrlErrorMessage, validateHttpUrl } from './url-field';

function badRequest(message: string | string[]) {
  const first = Array.isArray(message) ? message[0] : message;
  return new ApiError(400, first, { statusCode: 400, message, error: 'Bad Request' });
}

describe('redirectUrlErrorMessage (spec §5)', () => {
  it("shows 'redirect link must be a valid url address' when the first server message says redirectUrl must be a URL address", () => {
    expect(redirectUrlErrorMessage(badRequest(['redirectUrl must be a URL address']))).toBe(
      'redirect link must be a valid url address',
    );
    expect(
      redirectUrlErrorMessage(badRequest(['redirectUrl must be a URL address', 'redirectUrl should not be empty'])),
    ).toBe('redirect link must be a valid url address');
  });

  it('also maps the message when the server sends it as a single string', () => {
    expect(redirectUrlErrorMessage(badRequest('redirectUrl must be a URL address'))).toBe(
      'redirect link must be a valid url address',
    );
  });

  it('keeps any other message, taking the first of a list (spec §8)', () => {
    expect(redirectUrlErrorMessage(badRequest(['redirectUrl must be shorter than or equal to 2048 characters']))).toBe(
      'redirectUrl must be shorter than or equal to 2048 characters',
    );
    // Only the FIRST item decides.
    expect(redirectUrlErrorMessage(badRequest(['property x should not exist', 'redirectUrl must be a URL address']))).toBe(
      'property x should not exist',
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
    expect(validateHttpUrl('nope', 'redirect link must be a valid url address')).toBe(
      'redirect link must be a valid url address',
    );
  });
});
