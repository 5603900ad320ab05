import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { employeeBodyOf, employeeCreateFormSchema, employeeUpdateFormSchema, employeeValuesOf, type EmployeeValues } from './employee-values';
import { issueTexts } from '@/testing/issue-texts';

const ids = {
  companyId: '11111111-1111-4111-8111-111111111111',
  departmentId: '22222222-2222-4222-8222-222222222222',
  jobTitleId: '33333333-3333-4333-8333-333333333333',
  leaveGroupId: '44444444-4444-4444-8444-444444444444',
};

const filled: EmployeeValues = {
  ...employeeValuesOf(null),
  ...ids,
  firstName: 'Ana',
  lastName: 'Lima',
  gender: 'FEMALE',
  email: 'Ana.Lima@Example.com',
  nationalId: 'ID-1',
};

function messagesOf(values: EmployeeValues, schema: z.ZodType = employeeCreateFormSchema) {
  return issueTexts(schema.safeParse(values));
}

describe('employee form values (spec §5)', () => {
  it('names every required field that is missing', () => {
    expect(messagesOf({ ...employeeValuesOf(null), employmentType: '' })).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      gender: 'Gender is required',
      email: 'Email is required',
      nationalId: 'National ID is required',
      companyId: 'Company is required',
      departmentId: 'Department is required',
      jobTitleId: 'Job title is required',
      leaveGroupId: 'Leave group is required',
      employmentType: 'Employee type is required',
    });
  });

  it('checks the email and the PIN with the spec messages', () => {
    expect(messagesOf({ ...filled, email: 'not-an-email', pin: '12ab' })).toEqual({
      email: 'Invalid email address',
      pin: 'PIN must be 6 to 50 numeric digits',
    });
    expect(messagesOf({ ...filled, pin: '12345' })).toEqual({ pin: 'PIN must be 6 to 50 numeric digits' });
  });

  it('sends empty optional fields as null, measures as numbers, and no PIN when none is typed', () => {
    expect(employeeCreateFormSchema.parse({ ...filled, height: '172.5', weight: '' })).toEqual({
      ...ids,
      firstName: 'Ana',
      lastName: 'Lima',
      gender: 'FEMALE',
      civilStatus: null,
      birthday: null,
      height: 172.5,
      weight: null,
      email: 'ana.lima@example.com',
      phoneNumber: null,
      nationalId: 'ID-1',
      placeOfBirth: null,
      address: null,
      companyEmail: null,
      employmentType: 'regular',
      officialStartDate: null,
      dateRegularized: null,
      rfidCard: null,
    });
    expect(employeeBodyOf({ ...filled, pin: '123456' })).toMatchObject({ pin: '123456' });
    expect(messagesOf({ ...filled, height: 'tall' })).toEqual({ height: 'Height must be a number' });
  });

  it('sends the RFID card trimmed, null when empty, and refuses spaces inside it', () => {
    expect(employeeCreateFormSchema.parse({ ...filled, rfidCard: ' 0004417327 ' })).toMatchObject({ rfidCard: '0004417327' });
    expect(employeeCreateFormSchema.parse({ ...filled, rfidCard: '  ' })).toMatchObject({ rfidCard: null });
    expect(messagesOf({ ...filled, rfidCard: '0004 417327' })).toEqual({
      rfidCard: 'RFID card number may contain only letters, digits and symbols, without spaces',
    });
  });

  it('keeps the dates in order', () => {
    expect(messagesOf({ ...filled, officialStartDate: '2024-05-01', dateRegularized: '2024-04-30' }, employeeUpdateFormSchema)).toEqual({
      dateRegularized: 'Date regularized cannot be before the official start date',
    });
  });

  it('starts an edit from the employee, with the PIN left empty', () => {
    const values = employeeValuesOf({
      ...ids,
      id: ids.companyId,
      firstName: 'Ana',
      lastName: 'Lima',
      fullName: 'Ana Lima',
      gender: 'FEMALE',
      civilStatus: 'MARRIED',
      height: 170,
      weight: null,
      email: 'ana@example.com',
      phoneNumber: null,
      birthday: '1990-01-02',
      age: 35,
      nationalId: 'ID-1',
      placeOfBirth: null,
      address: null,
      companyName: 'Acme',
      departmentName: 'Ops',
      jobTitleName: 'Clerk',
      leaveGroupName: 'Everyone',
      companyEmail: null,
      employmentType: 'trainee',
      employmentStatus: 'active',
      officialStartDate: null,
      dateRegularized: null,
      image: null,
      thumbnail: null,
      faceEnrolled: false,
      hasPin: true,
      rfidCard: '0004417327',
      createdAt: '',
      updatedAt: '',
    });
    expect(values).toMatchObject({ civilStatus: 'MARRIED', height: '170', weight: '', birthday: '1990-01-02', employmentType: 'trainee', pin: '' });
  });
});
