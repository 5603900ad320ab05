import { employeeCreateSchema, settingsUpdateSchema } from '@ams/contracts';
import { describe, expect, it } from 'vitest';
import { errorsOf, serverFieldErrors } from './form';

describe('form errors', () => {
  it('keep the key of each rule beside its English text, so the form shows it in the current language', () => {
    const parsed = employeeCreateSchema.safeParse({ firstName: '' });
    expect(errorsOf(parsed.error?.issues ?? [])).toMatchObject({
      firstName: { message: 'First name is required', messageKey: 'firstNameIsRequired' },
      companyId: { message: 'Company is required', messageKey: 'companyIsRequired' },
    });
  });

  it("keep a custom rule's parameters", () => {
    const parsed = settingsUpdateSchema.safeParse({ ipRestriction: '10.1' });
    expect(errorsOf(parsed.error?.issues ?? [])).toEqual({
      ipRestriction: { message: 'Not an IP address or CIDR range: 10.1', messageKey: 'notAnIpAddress', params: { addresses: '10.1' } },
    });
  });

  it("take the server's field refusals with their keys, the first per field", () => {
    const errors = serverFieldErrors([
      { path: 'to', message: 'A report covers at most 366 days', messageKey: 'reportPeriodTooLong', params: { count: 366 } },
      { path: 'to', message: 'later' },
    ]);
    expect(errors).toEqual({ to: { path: 'to', message: 'A report covers at most 366 days', messageKey: 'reportPeriodTooLong', params: { count: 366 } } });
  });
});
