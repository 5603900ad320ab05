import { describe, expect, it } from 'vitest';
import { toProblem } from './errors.ts';

describe('error codes', () => {
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
