import { describe, expect, it } from 'vitest';
import { toProblem } from './errors.ts';

describe('error codes', () => {
  it('builds a problem document with the status of its code', () => {
    expect(toProblem('not_found', { messageKey: 'noLeaveFound' })).toEqual({
      type: 'urn:ams:problem:not_found',
      title: 'Not found',
      status: 404,
      code: 'not_found',
      detail: 'No leave found!',
      message: 'No leave found!',
      messageKey: 'noLeaveFound',
    });
  });

  it('carries the parameters of a message beside its English text', () => {
    expect(toProblem('conflict', { messageKey: 'alreadyCheckedIn', params: { time: '08:02' } })).toMatchObject({
      detail: 'The employee has already checked in today at 08:02',
      messageKey: 'alreadyCheckedIn',
      params: { time: '08:02' },
    });
  });
});
