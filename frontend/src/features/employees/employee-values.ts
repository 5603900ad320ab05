import {
  employeeCreateSchema,
  employeeUpdateSchema,
  type CivilStatus,
  type Employee,
  type EmployeeCreate,
  type EmployeeUpdate,
  type EmploymentType,
  type Gender,
} from '@ams/contracts';
import { z } from 'zod';

/** What the employee form edits: text as typed, the empty string for "not given". */
export interface EmployeeValues extends Record<string, unknown> {
  firstName: string;
  lastName: string;
  gender: Gender | '';
  civilStatus: CivilStatus | '';
  birthday: string;
  height: string;
  weight: string;
  phoneNumber: string;
  nationalId: string;
  placeOfBirth: string;
  address: string;
  email: string;
  companyId: string;
  departmentId: string;
  jobTitleId: string;
  leaveGroupId: string;
  companyEmail: string;
  employmentType: EmploymentType | '';
  officialStartDate: string;
  dateRegularized: string;
  pin: string;
  rfidCard: string;
}

/** The fields the form holds as typed text: the employee's own value as text, '' when not given. */
const textFields = [
  'firstName',
  'lastName',
  'birthday',
  'height',
  'weight',
  'phoneNumber',
  'nationalId',
  'placeOfBirth',
  'address',
  'email',
  'companyId',
  'departmentId',
  'jobTitleId',
  'leaveGroupId',
  'companyEmail',
  'officialStartDate',
  'dateRegularized',
  'rfidCard',
] as const satisfies readonly (keyof Employee & keyof EmployeeValues)[];

export function employeeValuesOf(employee: Employee | null): EmployeeValues {
  const text = (value: string | number | null | undefined) => (value === null || value === undefined ? '' : String(value));
  const texts = Object.fromEntries(textFields.map((name) => [name, text(employee?.[name])])) as Record<(typeof textFields)[number], string>;
  return {
    ...texts,
    gender: employee?.gender ?? '',
    civilStatus: employee?.civilStatus ?? '',
    employmentType: employee?.employmentType ?? 'regular',
    // Never shown: the server keeps only a hash. Left empty, the PIN is not changed.
    pin: '',
  };
}

const nullIfEmpty = (text: string) => (text.trim() === '' ? null : text);
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const undefinedIfEmpty = <T extends string>(value: T | '') => (value === '' ? undefined : value);

/**
 * The body the values stand for, before the contract's schema checks it: optional fields left empty are
 * null, measures are numbers, an empty choice of a required list is missing (its "… is required" message),
 * and an empty PIN is not sent.
 */
export function employeeBodyOf(values: EmployeeValues): Record<string, unknown> {
  const { pin, ...fields } = values;
  return {
    ...fields,
    gender: undefinedIfEmpty(values.gender),
    civilStatus: values.civilStatus === '' ? null : values.civilStatus,
    birthday: nullIfEmpty(values.birthday),
    height: numberOrNull(values.height),
    weight: numberOrNull(values.weight),
    employmentType: undefinedIfEmpty(values.employmentType),
    officialStartDate: nullIfEmpty(values.officialStartDate),
    dateRegularized: nullIfEmpty(values.dateRegularized),
    rfidCard: nullIfEmpty(values.rfidCard),
    ...(pin === '' ? {} : { pin }),
  };
}

/** Spec §5 rules, from the contract (the server applies the same ones). */
export const employeeCreateFormSchema: z.ZodType<EmployeeCreate> = z.preprocess((input) => employeeBodyOf(input as EmployeeValues), employeeCreateSchema);
export const employeeUpdateFormSchema: z.ZodType<EmployeeUpdate> = z.preprocess((input) => employeeBodyOf(input as EmployeeValues), employeeUpdateSchema);
