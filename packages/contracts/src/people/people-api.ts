import { z } from 'zod';
import { emailSchema, listQuerySchema, sortOrderSchema } from '../identity/identity-api.ts';
import type { MessageKey } from '../messages/message-catalogue.ts';
import { formatMessage, message } from '../messages/message-format.ts';
import { plainSettingsFields } from './settings-api.ts';
import { ipRestrictionSchema, timezoneSchema } from './settings-rules.ts';
import { civilStatuses, employmentStatuses, employmentTypes, genders } from './employee-enums.ts';

const id = z.uuid(message('invalidId'));
/** A required reference to another record, e.g. 'Company is required'. */
const reference = (required: MessageKey) => z.uuid(message(required));
const requiredText = (required: MessageKey, tooLong: MessageKey, max: number) =>
  z.string(message(required)).trim().min(1, message(required)).max(max, message(tooLong));
const optionalText = (tooLong: MessageKey, max: number) =>
  z
    .string()
    .trim()
    .max(max, message(tooLong))
    .transform((text) => (text === '' ? null : text))
    .nullable();
const requiredName = requiredText('nameIsRequired', 'nameMustBeAtMost120Characters', 120);
const timestamps = { createdAt: z.string(), updatedAt: z.string() };
const page = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int() });

/** Lists of one company's reference data. */
export const organisationListQuerySchema = listQuerySchema.extend({ companyId: id.optional() });

// ── Companies ─────────────────────────────────────────────────────────────
export const companyFieldsSchema = z.object({ name: requiredName });
export const companySchema = z.object({ id, name: z.string(), ...timestamps });
export type Company = z.infer<typeof companySchema>;
export const companyListSchema = page(companySchema);

// ── Departments ───────────────────────────────────────────────────────────
export const departmentFieldsSchema = z.object({ name: requiredName, companyId: reference('companyIsRequired') });
export const departmentSchema = z.object({ id, name: z.string(), companyId: id, companyName: z.string(), ...timestamps });
export type Department = z.infer<typeof departmentSchema>;
export const departmentListSchema = page(departmentSchema);

// ── Job titles ────────────────────────────────────────────────────────────
export const jobTitleFieldsSchema = z.object({
  name: requiredName,
  departmentId: reference('departmentIsRequired'),
  companyId: reference('companyIsRequired'),
});
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
export const leaveTypeFieldsSchema = z.object({ name: requiredName, companyId: reference('companyIsRequired') });
export const leaveTypeSchema = z.object({ id, name: z.string(), companyId: id, companyName: z.string(), ...timestamps });
export type LeaveType = z.infer<typeof leaveTypeSchema>;
export const leaveTypeListSchema = page(leaveTypeSchema);

// ── Leave groups ──────────────────────────────────────────────────────────
export const leaveGroupStatuses = ['active', 'disabled'] as const;
export type LeaveGroupStatus = (typeof leaveGroupStatuses)[number];
export const leaveGroupFieldsSchema = z.object({
  name: requiredName,
  description: requiredText('descriptionIsRequired', 'descriptionMustBeAtMost500Characters', 500),
  /** The leave types members of the group may take. */
  privileges: z
    .array(id, message('privilegeIsRequired'))
    .min(1, message('privilegeIsRequired'))
    .max(100)
    .refine((ids) => new Set(ids).size === ids.length, message('aLeaveTypeIsListedTwice')),
  status: z.enum(leaveGroupStatuses, message('statusIsRequired')),
  companyId: reference('companyIsRequired'),
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
  .max(RFID_CARD_MAX_LENGTH, message('rfidCardMustBeAtMost64'))
  .regex(/^[!-~]*$/, message('rfidCardPrintable'));

export const pinSchema = z.string(message('pinFormat')).regex(/^\d{6,50}$/, message('pinFormat'));

/** Spec §3 employee fields with the §5 rules; the PIN travels only inwards. */
const employeeFieldsSchema = z.object({
  firstName: requiredText('firstNameIsRequired', 'firstNameMustBeAtMost80', 80),
  lastName: requiredText('lastNameIsRequired', 'lastNameMustBeAtMost80', 80),
  gender: z.enum(genders, message('genderIsRequired')),
  civilStatus: z.enum(civilStatuses, message('invalidCivilStatus')).nullable(),
  height: z.number(message('heightMustBeANumber')).positive(message('heightMustBePositive')).max(300, message('heightMustBeAtMost300Cm')).nullable(),
  weight: z.number(message('weightMustBeANumber')).positive(message('weightMustBePositive')).max(700, message('weightMustBeAtMost700Kg')).nullable(),
  email: emailSchema,
  phoneNumber: z
    .string()
    .trim()
    .max(40, message('invalidPhoneNumber'))
    .regex(/^(\+?[\d\s().-]{3,40})?$/, message('invalidPhoneNumber'))
    .transform((text) => (text === '' ? null : text))
    .nullable(),
  birthday: z.iso.date(message('birthdayMustBeADateYyyyMm')).nullable(),
  nationalId: requiredText('nationalIdIsRequired', 'nationalIdMustBeAtMost64', 64),
  placeOfBirth: optionalText('placeOfBirthMustBeAtMost', 120),
  address: optionalText('addressMustBeAtMost300Characters', 300),
  companyId: reference('companyIsRequired'),
  departmentId: reference('departmentIsRequired'),
  jobTitleId: reference('jobTitleIsRequired'),
  leaveGroupId: reference('leaveGroupIsRequired'),
  companyEmail: z
    .string()
    .trim()
    .max(254, message('invalidEmailAddress'))
    .transform((text) => text.toLowerCase())
    .pipe(z.union([z.literal(''), z.email(message('invalidEmailAddress'))]))
    .transform((text) => (text === '' ? null : text))
    .nullable(),
  employmentType: z.enum(employmentTypes, message('employeeTypeIsRequired')),
  officialStartDate: z.iso.date(message('officialStartDateMustBeADate')).nullable(),
  dateRegularized: z.iso.date(message('dateRegularizedMustBeADateYyyy')).nullable(),
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
const datesOutOfOrder = { message: message('dateRegularizedCannotBeBeforeTheOfficial'), path: ['dateRegularized'] };

export const employeeCreateSchema = employeeFieldsSchema
  .partial(Object.fromEntries(optionalFields.map((field) => [field, true])) as { [K in (typeof optionalFields)[number]]: true })
  .extend({
    /** Client-generated, one per submission: a retry with the same id answers the employee it created and creates nothing more. */
    commandId: z.uuid(message('commandIdMustBeAUuid')).optional(),
  })
  .refine(datesInOrder, datesOutOfOrder);
export const employeeUpdateSchema = employeeFieldsSchema
  .partial()
  .refine((body) => Object.keys(body).length > 0, message('nothingToChange'))
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
    .min(1, message('selectAtLeastOneEmployee'))
    .max(BULK_DELETE_LIMIT, message('atMost500EmployeesAtATime'))
    .refine((ids) => new Set(ids).size === ids.length, message('anEmployeeIsListedTwice')),
});
export const bulkDeletedSchema = z.object({ deleted: z.number().int() });

export const pinChangeSchema = z.object({ pin: pinSchema });
/** The signed-in employee's own PIN change: the current PIN proves it is them at the kiosk's secret. */
export const myPinChangeSchema = z.object({
  currentPin: z.string(message('currentPinIsRequired')).min(1, message('currentPinIsRequired')).max(50, message('pinFormat')),
  pin: pinSchema,
});
export const IMAGE_NOT_RECOGNIZED = formatMessage('imageNotRecognized');

// ── Settings ──────────────────────────────────────────────────────────────
const settingsFieldsSchema = z.object({ ...plainSettingsFields, timezone: timezoneSchema, ipRestriction: ipRestrictionSchema });
/** A company's settings; without a company, the organisation's defaults every company inherits. */
export const settingsUpdateSchema = settingsFieldsSchema.partial().extend({ companyId: id.nullable().optional() });
