import { z } from 'zod';
import { emailSchema, listQuerySchema, sortOrderSchema } from '../identity/identity-api.ts';
import { formatMessage } from '../messages/message-format.ts';
import { plainSettingsFields } from './settings-api.ts';
import { ipRestrictionSchema, timezoneSchema } from './settings-rules.ts';
import { civilStatuses, employmentStatuses, employmentTypes, genders } from './employee-enums.ts';

const required = (label: string) => `${label} is required`;
const id = z.uuid('Invalid id');
/** A required reference to another record, e.g. 'Company is required'. */
const reference = (label: string) => z.uuid(required(label));
const requiredText = (label: string, max = 120) =>
  z.string(required(label)).trim().min(1, required(label)).max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((text) => (text === '' ? null : text))
    .nullable();
const isoDate = (label: string) => z.iso.date(`${label} must be a date (YYYY-MM-DD)`);
const timestamps = { createdAt: z.string(), updatedAt: z.string() };
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Lists of one company's reference data. */
export const organisationListQuerySchema = listQuerySchema.extend({ companyId: id.optional() });

// ── Companies ─────────────────────────────────────────────────────────────
export const companyFieldsSchema = z.object({ name: requiredText('Name') });
export const companySchema = z.object({ id, name: z.string(), ...timestamps });
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = page(companySchema);

// ── Departments ───────────────────────────────────────────────────────────
export const departmentFieldsSchema = z.object({ name: requiredText('Name'), companyId: reference('Company') });
export const departmentSchema = z.object({ id, name: z.string(), companyId: id, companyName: z.string(), ...timestamps });
export type Department = z.infer<typeof departmentSchema>;
export const departmentListSchema = page(departmentSchema);

// ── Job titles ────────────────────────────────────────────────────────────
export const jobTitleFieldsSchema = z.object({ name: requiredText('Name'), departmentId: reference('Department'), companyId: reference('Company') });
export const jobTitleListQuerySchema = organisationListQuerySchema.extend({ departmentId: id.optional() });
export const jobTitleSchema = z.object({
  id,
  name: z.string(),
  departmentId: id,
  departmentName: z.string(),
  companyId: id,
  companyName: z.string(),
  ...timestamps,
});
export type JobTitle = z.infer<typeof jobTitleSchema>;
export const jobTitleListSchema = page(jobTitleSchema);

// ── Leave types ───────────────────────────────────────────────────────────
export const leaveTypeFieldsSchema = z.object({ name: requiredText('Name'), companyId: reference('Company') });
export const leaveTypeSchema = z.object({ id, name: z.string(), companyId: id, companyName: z.string(), ...timestamps });
export type LeaveType = z.infer<typeof leaveTypeSchema>;
export const leaveTypeListSchema = page(leaveTypeSchema);

// ── Leave groups ──────────────────────────────────────────────────────────
export const leaveGroupStatuses = ['active', 'disabled'] as const;
export type LeaveGroupStatus = (typeof leaveGroupStatuses)[number];
export const leaveGroupFieldsSchema = z.object({
  name: requiredText('Name'),
  description: requiredText('Description', 500),
  /** The leave types members of the group may take. */
  privileges: z
    .array(id, required('Privilege'))
    .min(1, required('Privilege'))
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, 'A leave type is listed twice'),
  status: z.enum(leaveGroupStatuses, required('Status')),
  companyId: reference('Company'),
});
export const leaveGroupSchema = z.object({
  id,
  name: z.string(),
  description: z.string(),
  privileges: z.array(z.object({ id, name: z.string() })),
  status: z.enum(leaveGroupStatuses),
  companyId: id,
  companyName: z.string(),
  ...timestamps,
});
export type LeaveGroup = z.infer<typeof leaveGroupSchema>;
export const leaveGroupListSchema = page(leaveGroupSchema);

// ── Employees ─────────────────────────────────────────────────────────────
export { civilStatuses, employmentStatuses, employmentTypes, genders };
export type Gender = (typeof genders)[number];
export type CivilStatus = (typeof civilStatuses)[number];
export type EmploymentType = (typeof employmentTypes)[number];
export type EmploymentStatus = (typeof employmentStatuses)[number];

export const RFID_CARD_MAX_LENGTH = 64;
/**
 * An RFID card number as a USB reader types it: visible ASCII only (no spaces, control characters or NUL), at
 * most 64 characters; empty means no card. Unique per company (case-insensitively).
 */
export const rfidCardSchema = z
  .string()
  .trim()
  .max(RFID_CARD_MAX_LENGTH, formatMessage('rfidCardMustBeAtMost64'))
  .regex(/^[!-~]*$/, formatMessage('rfidCardPrintable'));

export const PIN_MESSAGE = formatMessage('pinFormat');
export const pinSchema = z.string(PIN_MESSAGE).regex(/^\d{6,50}$/, PIN_MESSAGE);

/** Spec §3 employee fields with the §5 rules; the PIN travels only inwards. */
const employeeFieldsSchema = z.object({
  firstName: requiredText('First name', 80),
  lastName: requiredText('Last name', 80),
  gender: z.enum(genders, required('Gender')),
  civilStatus: z.enum(civilStatuses, 'Invalid civil status').nullable(),
  height: z.number('Height must be a number').positive('Height must be positive').max(300, 'Height must be at most 300 cm').nullable(),
  weight: z.number('Weight must be a number').positive('Weight must be positive').max(700, 'Weight must be at most 700 kg').nullable(),
  email: emailSchema,
  phoneNumber: z
    .string()
    .trim()
    .max(40, 'Invalid phone number')
    .regex(/^(\+?[\d\s().-]{3,40})?$/, 'Invalid phone number')
    .transform((text) => (text === '' ? null : text))
    .nullable(),
  birthday: isoDate('Birthday').nullable(),
  nationalId: requiredText('National ID', 64),
  placeOfBirth: optionalText('Place of birth', 120),
  address: optionalText('Address', 300),
  companyId: reference('Company'),
  departmentId: reference('Department'),
  jobTitleId: reference('Job title'),
  leaveGroupId: reference('Leave group'),
  companyEmail: z
    .string()
    .trim()
    .max(254, 'Invalid email address')
    .transform((text) => text.toLowerCase())
    .pipe(z.union([z.literal(''), z.email('Invalid email address')]))
    .transform((text) => (text === '' ? null : text))
    .nullable(),
  employmentType: z.enum(employmentTypes, required('Employee type')),
  officialStartDate: isoDate('Official start date').nullable(),
  dateRegularized: isoDate('Date regularized').nullable(),
  pin: pinSchema,
  rfidCard: rfidCardSchema.transform((text) => (text === '' ? null : text)).nullable(),
});

const optionalFields = [
  'civilStatus',
  'height',
  'weight',
  'phoneNumber',
  'birthday',
  'placeOfBirth',
  'address',
  'companyEmail',
  'officialStartDate',
  'dateRegularized',
  'pin',
  'rfidCard',
] as const;

const datesInOrder = (body: { officialStartDate?: string | null | undefined; dateRegularized?: string | null | undefined }) =>
  !body.officialStartDate || !body.dateRegularized || body.dateRegularized >= body.officialStartDate;
const datesOutOfOrder = { message: 'Date regularized cannot be before the official start date', path: ['dateRegularized'] };

export const employeeCreateSchema = employeeFieldsSchema
  .partial(Object.fromEntries(optionalFields.map((field) => [field, true])) as { [K in (typeof optionalFields)[number]]: true })
  .extend({
    /** Client-generated, one per submission: a retry with the same id answers the employee it created and creates nothing more. */
    commandId: z.uuid('commandId must be a uuid').optional(),
  })
  .refine(datesInOrder, datesOutOfOrder);
export const employeeUpdateSchema = employeeFieldsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to change')
  .refine(datesInOrder, datesOutOfOrder);
export type EmployeeCreate = z.infer<typeof employeeCreateSchema>;
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

export const employeeSchema = z.object({
  id,
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  gender: z.enum(genders),
  civilStatus: z.enum(civilStatuses).nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  birthday: z.string().nullable(),
  /** Whole years on the day of the request; never stored. */
  age: z.number().int().nullable(),
  nationalId: z.string(),
  placeOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  companyId: id,
  companyName: z.string(),
  departmentId: id,
  departmentName: z.string(),
  jobTitleId: id,
  jobTitleName: z.string(),
  leaveGroupId: id,
  leaveGroupName: z.string(),
  companyEmail: z.string().nullable(),
  employmentType: z.enum(employmentTypes),
  employmentStatus: z.enum(employmentStatuses),
  officialStartDate: z.string().nullable(),
  dateRegularized: z.string().nullable(),
  /** Where the photo and its thumbnail are served (null without a photo). */
  image: z.string().nullable(),
  thumbnail: z.string().nullable(),
  faceEnrolled: z.boolean(),
  hasPin: z.boolean(),
  /** The RFID card the kiosk knows the employee by (null without one). */
  rfidCard: z.string().nullable(),
  ...timestamps,
});
export type Employee = z.infer<typeof employeeSchema>;

/** How the product writes an employee's name everywhere (lists, the kiosk, leave requests). */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`;
}
export const employeeListSchema = page(employeeSchema);

export const employeeSortFields = ['lastName', 'firstName', 'email', 'nationalId', 'officialStartDate', 'createdAt', 'birthday'] as const;
export const employeeListQuerySchema = listQuerySchema.extend({
  status: z.enum(employmentStatuses).default('active'),
  companyId: id.optional(),
  departmentId: id.optional(),
  jobTitleId: id.optional(),
  sort: z.enum(employeeSortFields).default('lastName'),
  order: sortOrderSchema,
});
export type EmployeeListQuery = z.infer<typeof employeeListQuerySchema>;

export const BULK_DELETE_LIMIT = 500;
export const employeeBulkDeleteSchema = z.object({
  ids: z
    .array(id)
    .min(1, 'Select at least one employee')
    .max(BULK_DELETE_LIMIT, `At most ${BULK_DELETE_LIMIT} employees at a time`)
    .refine((ids) => new Set(ids).size === ids.length, 'An employee is listed twice'),
});
export const bulkDeletedSchema = z.object({ deleted: z.number().int() });

export const pinChangeSchema = z.object({ pin: pinSchema });
/** The signed-in employee's own PIN change: the current PIN proves it is them at the kiosk's secret. */
export const myPinChangeSchema = z.object({
  currentPin: z.string(formatMessage('currentPinIsRequired')).min(1, formatMessage('currentPinIsRequired')).max(50, PIN_MESSAGE),
  pin: pinSchema,
});
export const IMAGE_NOT_RECOGNIZED = formatMessage('imageNotRecognized');

// ── Settings ──────────────────────────────────────────────────────────────
const settingsFieldsSchema = z.object({ ...plainSettingsFields, timezone: timezoneSchema, ipRestriction: ipRestrictionSchema });
/** A company's settings; without a company, the organisation's defaults every company inherits. */
export const settingsUpdateSchema = settingsFieldsSchema.partial().extend({ companyId: id.nullable().optional() });
