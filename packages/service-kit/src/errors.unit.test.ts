import { describe, expect, it } from 'vitest';
import { statusOf, toProblem, type ErrorCode } from './errors.ts';

describe('error codes', () => {
  it('maps every code to its HTTP status', () => {
    const expected: Record<ErrorCode, number> = {
      bad_request: 400,
      validation_failed: 400,
      unauthorized: 401,
      forbidden: 403,
      not_found: 404,
      method_not_allowed: 405,
      conflict: 409,
      payload_too_large: 413,
      uri_too_long: 414,
      unsupported_media_type: 415,
      unprocessable: 422,
      rate_limited: 429,
      unavailable: 503,
      internal: 500,
    };
    for (const [code, status] of Object.entries(expected)) expect(statusOf(code as ErrorCode)).toBe(status);
  });

  it('builds a problem document with the status of its code', () => {
    expect(toProblem('not_found', 'No leave found!')).toEqual({
      type: 'urn:ams:problem:not_found',
      title: 'Not found',
      status: 404,
      code: 'not_found',
      detail: 'No leave found!',
      message: 'No leave found!',
    });
  });
});
