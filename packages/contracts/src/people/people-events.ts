import { z } from 'zod';
import { civilStatuses, employmentStatuses, employmentTypes, genders, leaveGroupStatuses } from './people-api.ts';
import { defaultWorkTimeRules, timeFormats } from './settings-api.ts';

/**
 * People's integration events. Topics: ams.organisation (key = the record's id), ams.employee
 * (key = employee id) and ams.settings (key = company id or "organisation"). Each event carries the
 * whole state its consumers project, so none of them calls people.
 */
const id = z.uuid();
const named = { name: z.string() };

export const companySavedV1 = z.object({ companyId: id, ...named });
export const departmentSavedV1 = z.object({ departmentId: id, companyId: id, ...named });
export const jobTitleSavedV1 = z.object({ jobTitleId: id, departmentId: id, companyId: id, ...named });
export const leaveTypeSavedV1 = z.object({ leaveTypeId: id, companyId: id, ...named });
export const leaveGroupSavedV1 = z.object({
  leaveGroupId: id,
  companyId: id,
  ...named,
  description: z.string(),
  /** The leave types members may take. */
  leaveTypeIds: z.array(id),
  status: z.enum(leaveGroupStatuses),
});

/** The employee as reporting and the other services see it: everything but the photo, face and PIN. */
export const employeeSnapshotV1 = z.object({
  employeeId: id,
  companyId: id,
  departmentId: id,
  jobTitleId: id,
  leaveGroupId: id,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  companyEmail: z.string().nullable(),
  gender: z.enum(genders),
  civilStatus: z.enum(civilStatuses).nullable(),
  height: z.number().nullable(),
  weight: z.number().nullable(),
  phoneNumber: z.string().nullable(),
  birthday: z.iso.date().nullable(),
  nationalId: z.string(),
  placeOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  employmentType: z.enum(employmentTypes),
  employmentStatus: z.enum(employmentStatuses),
  officialStartDate: z.iso.date().nullable(),
  dateRegularized: z.iso.date().nullable(),
  hasImage: z.boolean(),
  /** The RFID card the kiosk identifies the employee by (absent in events before cards existed: none). */
  rfidCard: z.string().nullable().default(null),
  createdAt: z.iso.datetime({ offset: true }),
});
export type EmployeeSnapshot = z.infer<typeof employeeSnapshotV1>;

/**
 * An employee's personal data was erased on request: the snapshot already holds the pseudonym (first name
 * "Erased employee", last name a short id) and no contact data. Every service that keeps the employee's
 * name or contact data elsewhere replaces it with the pseudonym (idempotently); ids, and so attendance
 * events and totals, stay.
 */
export const employeeErasedV1 = employeeSnapshotV1.extend({ erasedAt: z.iso.datetime({ offset: true }) });

/** The pseudonym an erased employee's records show instead of the name. */
export const ERASED_FIRST_NAME = 'Erased employee';
export function erasedLastName(employeeId: string): string {
  return employeeId.replaceAll('-', '').slice(0, 4);
}
/** A unique address no mail reaches (.invalid is reserved, RFC 2606), for records that require an email. */
const ERASED_DOMAIN = '@erased.invalid';
export function erasedEmail(recordId: string): string {
  return `erased-${recordId}${ERASED_DOMAIN}`;
}
/** Whether an address is an erasure's pseudonym: a user saved with one was erased. */
export function isErasedEmail(email: string): boolean {
  return email.endsWith(ERASED_DOMAIN);
}
/** The pseudonym's full name, as the services show names. */
export function pseudonymOf(snapshot: Pick<EmployeeSnapshot, 'firstName' | 'lastName'>): string {
  return `${snapshot.firstName} ${snapshot.lastName}`;
}

/**
 * A face template: attendance matches kiosk frames against these. `embedding` is base64 of float32
 * little-endian, L2-normalised; `model` says which network made it (templates of another model never match).
 */
export const faceEnrolledV1 = z.object({
  employeeId: id,
  companyId: id,
  model: z.string(),
  embedding: z.string().min(1),
  realScore: z.number(),
  liveScore: z.number(),
  enrolledAt: z.iso.datetime({ offset: true }),
  /** Base64 of the photo's small WebP thumbnail (a few KB): what the kiosk shows the person it recognised. */
  thumbnail: z.string().nullable().default(null),
});
export const faceRemovedV1 = z.object({ employeeId: id });
/** The argon2id hash (with the server-side pepper) attendance verifies kiosk PINs against; null = no PIN. */
export const pinChangedV1 = z.object({ employeeId: id, companyId: id, pinHash: z.string().nullable() });

export const settingsChangedV1 = z.object({
  /** Null: the organisation's defaults, which companies without their own settings follow. */
  companyId: id.nullable(),
  country: z.string(),
  timezone: z.string(),
  timeFormat: z.union(timeFormats.map((format) => z.literal(format))),
  rfidClock: z.boolean(),
  /** Whether a card must be followed by the holder's PIN (absent in events before it existed: off). */
  pinAfterCard: z.boolean().default(false),
  /** Addresses and CIDR ranges allowed to use the clock; empty = any. */
  ipRestriction: z.array(z.string()),
  /** Face identification at browsers that are not registered kiosks (absent in events before it existed: off). */
  faceAtUnregisteredBrowsers: z.boolean().default(false),
  /** Lateness and overtime rules (absent in events before they existed: the defaults). */
  lateGraceMinutes: z.number().int().min(0).default(defaultWorkTimeRules.lateGraceMinutes),
  overtimeBeforeShift: z.boolean().default(defaultWorkTimeRules.overtimeBeforeShift),
  overtimeMinimumMinutes: z.number().int().min(0).default(defaultWorkTimeRules.overtimeMinimumMinutes),
});
export const settingsResetV1 = z.object({ companyId: id });
/**
 * A company turned face clocking on or off. Off: the kiosk refuses to identify its employees by face
 * (people deletes their templates and sends employee.FaceRemoved for each).
 */
export const faceClockingChangedV1 = z.object({ companyId: id, enabled: z.boolean() });

const deleted = <K extends string>(key: K) => z.object({ [key]: id } as { [P in K]: typeof id });

export const peopleEvents = {
  'organisation.CompanySaved': companySavedV1,
  'organisation.CompanyDeleted': deleted('companyId'),
  'organisation.DepartmentSaved': departmentSavedV1,
  'organisation.DepartmentDeleted': deleted('departmentId'),
  'organisation.JobTitleSaved': jobTitleSavedV1,
  'organisation.JobTitleDeleted': deleted('jobTitleId'),
  'organisation.LeaveTypeSaved': leaveTypeSavedV1,
  'organisation.LeaveTypeDeleted': deleted('leaveTypeId'),
  'organisation.LeaveGroupSaved': leaveGroupSavedV1,
  'organisation.LeaveGroupDeleted': deleted('leaveGroupId'),
  'employee.EmployeeCreated': employeeSnapshotV1,
  'employee.EmployeeUpdated': employeeSnapshotV1,
  'employee.EmployeeArchived': employeeSnapshotV1,
  'employee.EmployeeRestored': employeeSnapshotV1,
  'employee.EmployeeDeleted': deleted('employeeId'),
  'employee.EmployeeErased': employeeErasedV1,
  'employee.FaceEnrolled': faceEnrolledV1,
  'employee.FaceRemoved': faceRemovedV1,
  'employee.PinChanged': pinChangedV1,
  'settings.SettingsChanged': settingsChangedV1,
  'settings.SettingsReset': settingsResetV1,
  'settings.FaceClockingChanged': faceClockingChangedV1,
} as const;
export type PeopleEventType = keyof typeof peopleEvents;
export type PeopleEventPayload<T extends PeopleEventType> = z.infer<(typeof peopleEvents)[T]>;

/** Events that carry the employee's whole current state. */
export const employeeSnapshotEventTypes = [
  'employee.EmployeeCreated',
  'employee.EmployeeUpdated',
  'employee.EmployeeArchived',
  'employee.EmployeeRestored',
  'employee.EmployeeErased',
] as const satisfies readonly PeopleEventType[];

export function isEmployeeSnapshotEvent(type: string): type is (typeof employeeSnapshotEventTypes)[number] {
  return (employeeSnapshotEventTypes as readonly string[]).includes(type);
}

/** The employee and pseudonym of an employee.EmployeeErased event, else null: what each service's consumer replaces names with. */
export function erasureOf(event: { type: string; payload: unknown }): { employeeId: string; pseudonym: string } | null {
  if (event.type !== 'employee.EmployeeErased') return null;
  const erased = employeeErasedV1.parse(event.payload);
  return { employeeId: erased.employeeId, pseudonym: pseudonymOf(erased) };
}

/**
 * The company (null: the organisation's defaults, so every company following them) whose work-time rules or
 * zone a settings event changes, else undefined: what attendance re-projects and reporting recomputes.
 */
export function workTimeRulesChangeOf(event: { type: string; payload: unknown }): { companyId: string | null } | undefined {
  switch (event.type) {
    case 'settings.SettingsChanged':
      return { companyId: settingsChangedV1.parse(event.payload).companyId };
    case 'settings.SettingsReset':
      return { companyId: settingsResetV1.parse(event.payload).companyId };
    default:
      return undefined;
  }
}
