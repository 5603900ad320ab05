import type { z } from 'zod';
import type { AccountType } from '../access.ts';
import {
  changePasswordSchema,
  idParamsSchema,
  listQuerySchema,
  loginBodySchema,
  meUpdateSchema,
  messageSchema,
  passwordChangedSchema,
  roleCreateSchema,
  roleListSchema,
  roleSchema,
  roleUpdateSchema,
  sessionResponseSchema,
  signedInUserSchema,
  signUpBodySchema,
  signUpSettingSchema,
  signUpStatusSchema,
  userCreateSchema,
  userListSchema,
  userSchema,
  userUpdateSchema,
} from '../identity/identity-api.ts';
import {
  bulkDeletedSchema,
  companyFieldsSchema,
  companyListSchema,
  companySchema,
  departmentFieldsSchema,
  departmentListSchema,
  departmentSchema,
  employeeBulkDeleteSchema,
  employeeCreateSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeSchema,
  employeeUpdateSchema,
  jobTitleFieldsSchema,
  jobTitleListQuerySchema,
  jobTitleListSchema,
  jobTitleSchema,
  leaveGroupFieldsSchema,
  leaveGroupListSchema,
  leaveGroupSchema,
  leaveTypeFieldsSchema,
  leaveTypeListSchema,
  leaveTypeSchema,
  organisationListQuerySchema,
  myPinChangeSchema,
  pinChangeSchema,
  settingsUpdateSchema,
} from '../people/people-api.ts';
import { feedbackCreateSchema, feedbackListQuerySchema, feedbackListSchema, feedbackSchema, feedbackSentSchema } from '../identity/feedback-api.ts';
import { legalNoticeSchema, legalNoticeUpdateSchema } from '../identity/legal-api.ts';
import { settingsQuerySchema, settingsSavedSchema, settingsSchema } from '../people/settings-api.ts';
import {
  faceClockingQuerySchema,
  faceClockingSavedSchema,
  faceClockingSchema,
  faceClockingUpdateSchema,
  kioskNoticeAnswerSchema,
  safeguardingSettingsSchema,
  safeguardingUpdateSchema,
} from '../people/safeguarding-api.ts';
import {
  attendanceAmendSchema,
  attendanceDeleteSchema,
  attendanceHistorySchema,
  attendanceListQuerySchema,
  attendanceListSchema,
  attendanceRecordSchema,
  attendanceSchema,
  cardIdentifiedSchema,
  cardIdentifySchema,
  cardReaderSchema,
  kioskDisplaySchema,
  clockTicketSchema,
  faceBurstSchema,
  kioskDeviceCreateSchema,
  kioskDeviceListQuerySchema,
  kioskDeviceListSchema,
  kioskDeviceRegisteredSchema,
  kioskContactAnswerSchema,
  kioskContactSchema,
  kioskSelfSchema,
  myAttendanceQuerySchema,
  offlinePunchIssueListQuerySchema,
  offlinePunchIssueListSchema,
  offlinePunchResultSchema,
  offlinePunchSchema,
  pinIdentifySchema,
  presenceSchema,
  punchResultSchema,
  punchSchema,
} from '../attendance/attendance-api.ts';
import { attendanceExportQuerySchema, XLSX_MEDIA_TYPE } from '../attendance/attendance-sheet.ts';
import {
  leaveCalendarQuerySchema,
  leaveCalendarSchema,
  leaveDecisionSchema,
  leaveListQuerySchema,
  leaveListSchema,
  leaveRequestSchema,
  leaveSchema,
  myLeaveListQuerySchema,
  myLeaveTypesSchema,
} from '../leave/leave-api.ts';
import {
  mySchedulesSchema,
  scheduleCreateSchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  scheduleSchema,
  scheduleUpdateSchema,
} from '../scheduling/schedule-api.ts';
import {
  adminDashboardSchema,
  attendanceOvertimeReportSchema,
  consolidatedOvertimeReportSchema,
  companyFilterSchema,
  personalDashboardSchema,
  reportQuerySchema,
} from '../reporting/report-api.ts';
import {
  birthdayReportSchema,
  employeeAttendanceReportSchema,
  employeeLeavesReportSchema,
  employeeListReportSchema,
  employeeScheduleReportSchema,
  organisationProfileSchema,
  userAccountsReportSchema,
} from '../reporting/directory-reports-api.ts';
import { reportExportRequestSchema, reportExportSchema } from '../reporting/report-export-api.ts';
import { employeeDataExportSchema } from '../reporting/employee-data-export-api.ts';
import type { ApiTag } from './api-tags.ts';
import { ADMIN_AREA, EVERY_ACCOUNT, PERSONAL_AREA, publicAccess, signedIn, type PermissionKey, type RouteAccess } from './access-rules.ts';

export const upstreamServices = ['identity', 'people', 'scheduling', 'leave', 'attendance', 'reporting'] as const;
export type UpstreamService = (typeof upstreamServices)[number];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** Fastify-style path, e.g. /api/users/:id. */
  path: string;
  service: UpstreamService;
  access: RouteAccess;
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The JSON success answer; without it (and without `rawResponse`) the route answers 204 No Content. */
  response?: z.ZodType;
  /** The success status, when not the default: 200 with an answer, 204 without. */
  status?: SuccessStatus;
  /** The tag the OpenAPI document groups the route under. */
  tag: ApiTag;
  /** A raw (non-JSON) body of these media types, e.g. a photo upload. */
  rawBody?: { mediaTypes: readonly string[]; maxBytes: number };
  /** A raw (non-JSON) answer of these media types, e.g. a photo. */
  rawResponse?: { mediaTypes: readonly string[] };
  /**
   * Sending it twice acts once (its body carries a command id): the gateway may resend it to another
   * replica when the first dropped the connection. GET and HEAD are always so.
   */
  idempotent?: true;
  /**
   * The route changes the user accounts linked to the employee `:id` (erasure renames and disables them): the
   * gateway refuses it, as identity refuses a direct change, when one of them is more privileged than the caller.
   */
  changesLinkedAccounts?: true;
}

export type SuccessStatus = 200 | 201 | 204;

/** What a route answers when it succeeds. */
export function successStatusOf(route: ApiRoute): SuccessStatus {
  return route.status ?? (route.response || route.rawResponse ? 200 : 204);
}

/** Photos up to 5 MiB (the face package checks the bytes themselves). */
export const PHOTO_UPLOAD = { mediaTypes: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 5 * 1024 * 1024 } as const;
/** A stored photo or thumbnail, as the bytes of the image. */
const PHOTO_DOWNLOAD = { mediaTypes: PHOTO_UPLOAD.mediaTypes } as const;

// One type parameter per schema: each row keeps its schema's own type, so handlers get typed bodies and answers.
type CrudSchemas<Fields extends z.ZodType, Item extends z.ZodType, List extends z.ZodType, Query extends z.ZodType> = { fields: Fields; item: Item; list: List; query: Query };

/**
 * List, create, read, update and delete of one organisation record type, each behind its permission.
 * `addedBy` narrows who may create and delete (companies: the SuperAdmin, as they bound an Admin's scope).
 */
function crudRoutes<const Base extends string, Fields extends z.ZodType, Item extends z.ZodType, List extends z.ZodType, Query extends z.ZodType>(
  base: Base,
  resource: string,
  tag: ApiTag,
  noun: string,
  schemas: CrudSchemas<Fields, Item, List, Query>,
  addedBy: readonly AccountType[] = ADMIN_AREA,
) {
  const permission = (action: string) => `${resource}.${action}` as PermissionKey;
  return [
    { method: 'GET', path: base, service: 'people', access: signedIn(ADMIN_AREA, permission('read')), tag, summary: `List ${noun}s`, query: schemas.query, response: schemas.list },
    { method: 'POST', path: base, service: 'people', status: 201, access: signedIn(addedBy, permission('create')), tag, summary: `Create a ${noun}`, body: schemas.fields, response: schemas.item },
    { method: 'GET', path: `${base}/:id`, service: 'people', access: signedIn(ADMIN_AREA, permission('read')), tag, summary: `One ${noun}`, params: idParamsSchema, response: schemas.item },
    { method: 'PUT', path: `${base}/:id`, service: 'people', access: signedIn(ADMIN_AREA, permission('update')), tag, summary: `Update a ${noun}`, params: idParamsSchema, body: schemas.fields, response: schemas.item },
    { method: 'DELETE', path: `${base}/:id`, service: 'people', access: signedIn(addedBy, permission('delete')), tag, summary: `Delete a ${noun} (refused while others refer to it)`, params: idParamsSchema },
  ] as const satisfies readonly ApiRoute[];
}

export const organisationRoutes = {
  companies: crudRoutes('/api/companies', 'company', 'companies', 'company', { fields: companyFieldsSchema, item: companySchema, list: companyListSchema, query: organisationListQuerySchema }, ['SuperAdmin']),
  departments: crudRoutes('/api/departments', 'department', 'departments', 'department', { fields: departmentFieldsSchema, item: departmentSchema, list: departmentListSchema, query: organisationListQuerySchema }),
  jobTitles: crudRoutes('/api/job-titles', 'jobTitles', 'job titles', 'job title', { fields: jobTitleFieldsSchema, item: jobTitleSchema, list: jobTitleListSchema, query: jobTitleListQuerySchema }),
  leaveTypes: crudRoutes('/api/leave-types', 'leaveType', 'leave types', 'leave type', { fields: leaveTypeFieldsSchema, item: leaveTypeSchema, list: leaveTypeListSchema, query: organisationListQuerySchema }),
  leaveGroups: crudRoutes('/api/leave-groups', 'leaveGroup', 'leave groups', 'leave group', { fields: leaveGroupFieldsSchema, item: leaveGroupSchema, list: leaveGroupListSchema, query: organisationListQuerySchema }),
} as const;

/** An employee's data export shows every area's data about them: reading each of those areas is required. */
const EMPLOYEE_DATA_EXPORT = ['employee.read', 'user.read', 'schedule.read', 'leave.read', 'attendance.read'] as const satisfies readonly PermissionKey[];

/** Every API route: the gateway enforces it, the services implement it, the front end calls it. */
export const apiRoutes = [
  { method: 'POST', path: '/api/user/login', service: 'identity', access: publicAccess, tag: 'session', summary: 'Sign in with email and password', body: loginBodySchema, response: sessionResponseSchema },
  { method: 'GET', path: '/api/sign-up', service: 'identity', access: publicAccess, tag: 'session', summary: 'Whether self sign-up is open', response: signUpStatusSchema },
  { method: 'POST', path: '/api/sign-up', service: 'identity', access: publicAccess, tag: 'session', summary: 'Create an Employee account (when self sign-up is on), then sign in with it; the answer is the same whether or not the email already had an account, and an existing account is left as it is', body: signUpBodySchema, response: messageSchema },
  { method: 'POST', path: '/api/sign-out', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'session', summary: 'Revoke the current token', response: messageSchema },
  { method: 'GET', path: '/api/me', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'The signed-in user', response: signedInUserSchema },
  { method: 'PATCH', path: '/api/me', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'Update own name, email or image', body: meUpdateSchema, response: signedInUserSchema },
  { method: 'PUT', path: '/api/me/image', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'Upload the profile image (JPEG, PNG or WebP; re-encoded and cropped square, no face enrolment)', rawBody: PHOTO_UPLOAD, response: signedInUserSchema },
  { method: 'GET', path: '/api/me/image', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: "The signed-in user's profile image", rawResponse: { mediaTypes: ['image/webp'] } },
  { method: 'DELETE', path: '/api/me/image', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'Remove the profile image', response: signedInUserSchema },
  { method: 'POST', path: '/api/me/password', service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'account', summary: 'Change own password (ends every other session)', body: changePasswordSchema, response: passwordChangedSchema },
  { method: 'PUT', path: '/api/me/pin', service: 'people', access: signedIn(PERSONAL_AREA), tag: 'account', summary: "Change the signed-in employee's own clock PIN (the current PIN is required; wrong ones lock the change out for a while)", body: myPinChangeSchema, response: messageSchema },
  { method: 'PUT', path: '/api/settings/sign-up', service: 'identity', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'settings', summary: 'Open or close self sign-up (the organisation\'s: SuperAdmin only)', body: signUpSettingSchema, response: signUpStatusSchema },
  // Legal notice and feedback: the identity service keeps them, as it keeps the other organisation-wide settings (self sign-up) and knows who sent what.
  { method: 'GET', path: '/api/legal', service: 'identity', access: publicAccess, tag: 'legal', summary: "The terms and conditions and the privacy policy, in English and Spanish (readable before signing in)", response: legalNoticeSchema },
  { method: 'PUT', path: '/api/settings/legal', service: 'identity', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'legal', summary: 'Replace the legal texts (the organisation\'s: SuperAdmin only)', body: legalNoticeUpdateSchema, response: legalNoticeSchema },
  { method: 'POST', path: '/api/feedback', status: 201, service: 'identity', access: signedIn(EVERY_ACCOUNT), tag: 'feedback', summary: 'Send feedback: a category, a message and optionally a PNG screenshot of the current page', body: feedbackCreateSchema, response: feedbackSentSchema },
  { method: 'GET', path: '/api/feedback', service: 'identity', access: signedIn(ADMIN_AREA, 'feedback.read'), tag: 'feedback', summary: "Feedback sent by the users of the caller's companies, newest first (filters, pages)", query: feedbackListQuerySchema, response: feedbackListSchema },
  { method: 'GET', path: '/api/feedback/:id/screenshot', service: 'identity', access: signedIn(ADMIN_AREA, 'feedback.read'), tag: 'feedback', summary: "A feedback's screenshot (PNG)", params: idParamsSchema, rawResponse: { mediaTypes: ['image/png'] } },
  { method: 'POST', path: '/api/feedback/:id/resolve', service: 'identity', access: signedIn(ADMIN_AREA, 'feedback.update'), tag: 'feedback', summary: 'Mark a feedback resolved', params: idParamsSchema, response: feedbackSchema },
  { method: 'GET', path: '/api/users', service: 'identity', access: signedIn(ADMIN_AREA, 'user.read'), tag: 'users', summary: 'List users', query: listQuerySchema, response: userListSchema },
  { method: 'POST', path: '/api/users', status: 201, service: 'identity', access: signedIn(ADMIN_AREA, 'user.create'), tag: 'users', summary: 'Create a user', body: userCreateSchema, response: userSchema },
  { method: 'GET', path: '/api/users/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'user.read'), tag: 'users', summary: 'One user', params: idParamsSchema, response: userSchema },
  { method: 'PATCH', path: '/api/users/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'user.update'), tag: 'users', summary: 'Update a user', params: idParamsSchema, body: userUpdateSchema, response: userSchema },
  { method: 'DELETE', path: '/api/users/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'user.delete'), tag: 'users', summary: 'Delete a user', params: idParamsSchema },
  { method: 'GET', path: '/api/roles', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.read'), tag: 'roles', summary: 'List roles', query: listQuerySchema, response: roleListSchema },
  { method: 'POST', path: '/api/roles', status: 201, service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.create'), tag: 'roles', summary: 'Create a role', body: roleCreateSchema, response: roleSchema },
  { method: 'GET', path: '/api/roles/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.read'), tag: 'roles', summary: 'One role', params: idParamsSchema, response: roleSchema },
  { method: 'PATCH', path: '/api/roles/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.update'), tag: 'roles', summary: 'Update a role', params: idParamsSchema, body: roleUpdateSchema, response: roleSchema },
  { method: 'DELETE', path: '/api/roles/:id', service: 'identity', access: signedIn(ADMIN_AREA, 'userRole.delete'), tag: 'roles', summary: 'Delete a role (when no user has it)', params: idParamsSchema },
  ...organisationRoutes.companies,
  ...organisationRoutes.departments,
  ...organisationRoutes.jobTitles,
  ...organisationRoutes.leaveTypes,
  ...organisationRoutes.leaveGroups,
  { method: 'GET', path: '/api/employees', service: 'people', access: signedIn(ADMIN_AREA, 'employee.read'), tag: 'employees', summary: 'List employees (search, filters, sorting, pages)', query: employeeListQuerySchema, response: employeeListSchema },
  { method: 'POST', path: '/api/employees', status: 201, service: 'people', access: signedIn(ADMIN_AREA, 'employee.create'), tag: 'employees', summary: 'Create an employee', body: employeeCreateSchema, response: employeeSchema },
  { method: 'POST', path: '/api/employees/bulk-delete', service: 'people', access: signedIn(ADMIN_AREA, 'employee.delete'), tag: 'employees', summary: 'Delete several employees at once (all or none)', body: employeeBulkDeleteSchema, response: bulkDeletedSchema },
  { method: 'GET', path: '/api/employees/:id', service: 'people', access: signedIn(ADMIN_AREA, 'employee.read'), tag: 'employees', summary: 'One employee', params: idParamsSchema, response: employeeSchema },
  { method: 'PATCH', path: '/api/employees/:id', service: 'people', access: signedIn(ADMIN_AREA, 'employee.update'), tag: 'employees', summary: 'Update an employee', params: idParamsSchema, body: employeeUpdateSchema, response: employeeSchema },
  { method: 'DELETE', path: '/api/employees/:id', service: 'people', access: signedIn(ADMIN_AREA, 'employee.delete'), tag: 'employees', summary: 'Delete an employee', params: idParamsSchema },
  { method: 'POST', path: '/api/employees/:id/archive', service: 'people', access: signedIn(ADMIN_AREA, 'employee.archive'), tag: 'employees', summary: 'Archive an employee', params: idParamsSchema, response: employeeSchema },
  { method: 'POST', path: '/api/employees/:id/restore', service: 'people', access: signedIn(ADMIN_AREA, 'employee.archive'), tag: 'employees', summary: 'Restore an archived employee', params: idParamsSchema, response: employeeSchema },
  { method: 'PUT', path: '/api/employees/:id/pin', service: 'people', access: signedIn(ADMIN_AREA, 'employee.update'), tag: 'employees', summary: 'Set the clock PIN', params: idParamsSchema, body: pinChangeSchema, response: messageSchema },
  { method: 'DELETE', path: '/api/employees/:id/pin', service: 'people', access: signedIn(ADMIN_AREA, 'employee.update'), tag: 'employees', summary: 'Remove the clock PIN', params: idParamsSchema },
  { method: 'PUT', path: '/api/employees/:id/image', service: 'people', access: signedIn(ADMIN_AREA, 'employee.update'), tag: 'employees', summary: 'Upload the photo (JPEG, PNG or WebP with exactly one face) and enrol the face', params: idParamsSchema, rawBody: PHOTO_UPLOAD, response: employeeSchema },
  { method: 'DELETE', path: '/api/employees/:id/image', service: 'people', access: signedIn(ADMIN_AREA, 'employee.update'), tag: 'employees', summary: 'Remove the photo and the face template', params: idParamsSchema },
  { method: 'GET', path: '/api/employees/:id/image', service: 'people', access: signedIn(ADMIN_AREA, 'employee.read'), tag: 'employees', summary: 'The photo', params: idParamsSchema, rawResponse: PHOTO_DOWNLOAD },
  { method: 'GET', path: '/api/employees/:id/thumbnail', service: 'people', access: signedIn(ADMIN_AREA, 'employee.read'), tag: 'employees', summary: 'The photo thumbnail', params: idParamsSchema, rawResponse: PHOTO_DOWNLOAD },
  { method: 'POST', path: '/api/employees/:id/erase', service: 'people', access: signedIn(ADMIN_AREA, 'employee.delete'), tag: 'employees', summary: "Erase the employee's personal data on request: name replaced by a pseudonym, contact data, photo, face template, PIN and RFID card removed in every service; ids and attendance history stay", params: idParamsSchema, response: employeeSchema, changesLinkedAccounts: true },
  // Reporting's read models hold every service's data about the employee: one service answers the export.
  { method: 'GET', path: '/api/employees/:id/data-export', service: 'reporting', access: signedIn(ADMIN_AREA, ...EMPLOYEE_DATA_EXPORT), tag: 'employees', summary: 'Everything the product holds about the employee (record, user accounts, schedules, leave, work days), as JSON', params: idParamsSchema, response: employeeDataExportSchema },
  { method: 'GET', path: '/api/employees/:id/data-export/xlsx', service: 'reporting', access: signedIn(ADMIN_AREA, ...EMPLOYEE_DATA_EXPORT), tag: 'employees', summary: 'The same export as an Excel workbook (.xlsx): one row per field', params: idParamsSchema, rawResponse: { mediaTypes: [XLSX_MEDIA_TYPE] } },
  { method: 'GET', path: '/api/settings', service: 'people', access: signedIn(EVERY_ACCOUNT, 'setting.read'), tag: 'settings', summary: "The organisation's or a company's settings", query: settingsQuerySchema, response: settingsSchema },
  { method: 'PUT', path: '/api/settings', service: 'people', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'settings', summary: "Save the organisation's or a company's settings", body: settingsUpdateSchema, response: settingsSavedSchema },
  { method: 'GET', path: '/api/settings/safeguarding', service: 'people', access: signedIn(ADMIN_AREA, 'setting.read'), tag: 'settings', summary: "The organisation's kiosk notice and how long archived employees' photos and face templates are kept", response: safeguardingSettingsSchema },
  { method: 'PUT', path: '/api/settings/safeguarding', service: 'people', access: signedIn(['SuperAdmin'], 'setting.update'), tag: 'settings', summary: 'Change the kiosk notice or the retention of archived employees’ photos and face templates', body: safeguardingUpdateSchema, response: safeguardingSettingsSchema },
  { method: 'GET', path: '/api/settings/face-clocking', service: 'people', access: signedIn(ADMIN_AREA, 'setting.read'), tag: 'settings', summary: 'Whether a company uses face clocking', query: faceClockingQuerySchema, response: faceClockingSchema },
  { method: 'PUT', path: '/api/settings/face-clocking', service: 'people', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'settings', summary: "Turn a company's face clocking on or off; off deletes every face template of its employees at once (and their photos, if asked): it cannot be undone", body: faceClockingUpdateSchema, response: faceClockingSavedSchema },
  { method: 'GET', path: '/api/clock/notice', service: 'people', access: publicAccess, tag: 'clock', summary: 'What the kiosk captures and why, as the clock page shows it beside the camera', response: kioskNoticeAnswerSchema },
  { method: 'GET', path: '/api/schedules', service: 'scheduling', access: signedIn(ADMIN_AREA, 'schedule.read'), tag: 'schedules', summary: 'List schedules (employee, company, department, status)', query: scheduleListQuerySchema, response: scheduleListSchema },
  { method: 'POST', path: '/api/schedules', status: 201, service: 'scheduling', access: signedIn(ADMIN_AREA, 'schedule.create'), tag: 'schedules', summary: "Assign a schedule (ends the employee's current one the day before)", body: scheduleCreateSchema, response: scheduleSchema },
  { method: 'GET', path: '/api/schedules/:id', service: 'scheduling', access: signedIn(ADMIN_AREA, 'schedule.read'), tag: 'schedules', summary: 'One schedule', params: idParamsSchema, response: scheduleSchema },
  { method: 'PATCH', path: '/api/schedules/:id', service: 'scheduling', access: signedIn(ADMIN_AREA, 'schedule.update'), tag: 'schedules', summary: 'Change a schedule', params: idParamsSchema, body: scheduleUpdateSchema, response: scheduleSchema },
  { method: 'POST', path: '/api/schedules/:id/archive', service: 'scheduling', access: signedIn(ADMIN_AREA, 'schedule.archive'), tag: 'schedules', summary: 'End a current schedule (it becomes previous)', params: idParamsSchema, response: scheduleSchema },
  { method: 'GET', path: '/api/me/schedules', service: 'scheduling', access: signedIn(PERSONAL_AREA, 'schedule.read'), tag: 'schedules', summary: "The signed-in employee's current, previous and upcoming schedules", response: mySchedulesSchema },
  { method: 'GET', path: '/api/leaves', service: 'leave', access: signedIn(ADMIN_AREA, 'leave.read'), tag: 'leaves', summary: 'List leave requests, pending first, then by start date (status, employee, type, dates, company, department, name search)', query: leaveListQuerySchema, response: leaveListSchema },
  { method: 'GET', path: '/api/leaves/calendar', service: 'leave', access: signedIn(ADMIN_AREA, 'leave.read'), tag: 'leaves', summary: 'Who is off in a month: pending and approved leave sharing a day with it (company, department)', query: leaveCalendarQuerySchema, response: leaveCalendarSchema },
  { method: 'GET', path: '/api/leaves/:id', service: 'leave', access: signedIn(ADMIN_AREA, 'leave.read'), tag: 'leaves', summary: 'One leave request', params: idParamsSchema, response: leaveSchema },
  { method: 'PUT', path: '/api/leaves/:id/decision', service: 'leave', access: signedIn(ADMIN_AREA, 'leave.update'), tag: 'leaves', summary: 'Approve or decline a pending request, with a comment', params: idParamsSchema, body: leaveDecisionSchema, response: leaveSchema },
  { method: 'GET', path: '/api/me/leave-types', service: 'leave', access: signedIn(PERSONAL_AREA, 'leave.read'), tag: 'leaves', summary: "The leave types the signed-in employee's leave group allows", response: myLeaveTypesSchema },
  { method: 'GET', path: '/api/me/leaves', service: 'leave', access: signedIn(PERSONAL_AREA, 'leave.read'), tag: 'leaves', summary: "The signed-in employee's leave requests", query: myLeaveListQuerySchema, response: leaveListSchema },
  { method: 'POST', path: '/api/me/leaves', status: 201, service: 'leave', access: signedIn(PERSONAL_AREA, 'leave.create'), tag: 'leaves', summary: 'Request leave', body: leaveRequestSchema, response: leaveSchema },
  { method: 'GET', path: '/api/me/leaves/:id', service: 'leave', access: signedIn(PERSONAL_AREA, 'leave.read'), tag: 'leaves', summary: 'One of my leave requests', params: idParamsSchema, response: leaveSchema },
  { method: 'PUT', path: '/api/me/leaves/:id', service: 'leave', access: signedIn(PERSONAL_AREA, 'leave.update'), tag: 'leaves', summary: 'Change my pending request', params: idParamsSchema, body: leaveRequestSchema, response: leaveSchema },
  { method: 'DELETE', path: '/api/me/leaves/:id', service: 'leave', access: signedIn(PERSONAL_AREA, 'leave.update'), tag: 'leaves', summary: 'Withdraw my pending request', params: idParamsSchema },
  { method: 'GET', path: '/api/attendance', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.read'), tag: 'attendance', summary: 'List work days (dates, employee, company, department, status)', query: attendanceListQuerySchema, response: attendanceListSchema },
  { method: 'POST', path: '/api/attendance', status: 201, service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.create'), tag: 'attendance', summary: 'Record a day the employee did not clock (with a reason)', body: attendanceRecordSchema, response: attendanceSchema },
  { method: 'GET', path: '/api/attendance/export', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.read'), tag: 'attendance', summary: 'The filtered work days as an Excel workbook (.xlsx), written as it is read', query: attendanceExportQuerySchema, rawResponse: { mediaTypes: [XLSX_MEDIA_TYPE] } },
  { method: 'GET', path: '/api/attendance/presence', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.read'), tag: 'attendance', summary: 'Who is in, on a break or gone right now', response: presenceSchema },
  { method: 'GET', path: '/api/attendance/offline-punches', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.read'), tag: 'attendance', summary: 'Offline punches needing attention: kiosk punches the server refused on replay, with the reason', query: offlinePunchIssueListQuerySchema, response: offlinePunchIssueListSchema },
  { method: 'POST', path: '/api/attendance/offline-punches/:id/record', status: 201, service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.create'), tag: 'attendance', summary: 'Record the day of an offline punch needing attention by hand (with a reason), which settles it', params: idParamsSchema, body: attendanceRecordSchema, response: attendanceSchema },
  { method: 'GET', path: '/api/attendance/:id', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.read'), tag: 'attendance', summary: 'One work day', params: idParamsSchema, response: attendanceSchema },
  { method: 'PATCH', path: '/api/attendance/:id', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.update'), tag: 'attendance', summary: 'Correct a work day (with a reason)', params: idParamsSchema, body: attendanceAmendSchema, response: attendanceSchema },
  { method: 'DELETE', path: '/api/attendance/:id', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.delete'), tag: 'attendance', summary: 'Delete a work day (with a reason; the history keeps it)', params: idParamsSchema, body: attendanceDeleteSchema },
  { method: 'GET', path: '/api/attendance/:id/history', service: 'attendance', access: signedIn(ADMIN_AREA, 'attendance.read'), tag: 'attendance', summary: 'Every event of a work day: who, when, how and why', params: idParamsSchema, response: attendanceHistorySchema },
  { method: 'GET', path: '/api/me/attendance', service: 'attendance', access: signedIn(PERSONAL_AREA, 'attendance.read'), tag: 'attendance', summary: "The signed-in employee's work days", query: myAttendanceQuerySchema, response: attendanceListSchema },
  { method: 'POST', path: '/api/clock/identify/face', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'Identify by a burst of camera frames (about a second of one live, moving face) at a registered kiosk, or at any browser where the company allows it: a clock ticket, or "Face not recognized, please enter your PIN."', body: faceBurstSchema, response: clockTicketSchema },
  { method: 'POST', path: '/api/clock/identify/pin', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'Identify by employee identifier and PIN: a clock ticket', body: pinIdentifySchema, response: clockTicketSchema },
  { method: 'POST', path: '/api/clock/identify/card', service: 'attendance', access: publicAccess, tag: 'clock', summary: "Identify by RFID card (and the holder's PIN where the company asks for it after a card): a clock ticket, or a request for the PIN", body: cardIdentifySchema, response: cardIdentifiedSchema },
  { method: 'GET', path: '/api/clock/card-reader', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'Whether the kiosk takes RFID cards (its company turned the RFID clock on)', response: cardReaderSchema },
  { method: 'GET', path: '/api/clock/display', service: 'attendance', access: publicAccess, tag: 'clock', summary: "How the kiosk shows the time: its company's time zone and time format, or the organisation's at an unregistered browser", response: kioskDisplaySchema },
  { method: 'POST', path: '/api/clock/punch', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'Check in, break in, break out or check out with a ticket (server time)', body: punchSchema, response: punchResultSchema, idempotent: true },
  { method: 'GET', path: '/api/clock/device', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'The registered kiosk its token (x-kiosk-token) belongs to', response: kioskSelfSchema },
  { method: 'POST', path: '/api/clock/contact', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'A registered kiosk (x-kiosk-token) reports its offline queue and clock offset; the answer gives the server time and the public key it seals offline punches with', body: kioskContactSchema, response: kioskContactAnswerSchema },
  { method: 'POST', path: '/api/clock/offline-punches', service: 'attendance', access: publicAccess, tag: 'clock', summary: 'A registered kiosk (x-kiosk-token) replays one sealed offline punch: recorded at the device time corrected by its clock offset, or put on the attention list; idempotent by commandId', body: offlinePunchSchema, response: offlinePunchResultSchema },
  { method: 'GET', path: '/api/kiosk-devices', service: 'attendance', access: signedIn(ADMIN_AREA, 'setting.read'), tag: 'settings', summary: 'Registered kiosks', query: kioskDeviceListQuerySchema, response: kioskDeviceListSchema },
  { method: 'POST', path: '/api/kiosk-devices', status: 201, service: 'attendance', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'settings', summary: 'Register a kiosk: its token is shown once', body: kioskDeviceCreateSchema, response: kioskDeviceRegisteredSchema },
  { method: 'DELETE', path: '/api/kiosk-devices/:id', service: 'attendance', access: signedIn(ADMIN_AREA, 'setting.update'), tag: 'settings', summary: 'Revoke a kiosk: its token stops working at once', params: idParamsSchema },
  { method: 'GET', path: '/api/reports/attendance-overtime', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: "Per employee and day: scheduled and worked hours, break, late and early-departure minutes, overtime, absences and leave days, with the period's totals", query: reportQuerySchema, response: attendanceOvertimeReportSchema },
  { method: 'GET', path: '/api/reports/consolidated-overtime', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: 'Per employee over the period: days worked, absences, leave days, late arrivals, hours and overtime, with totals', query: reportQuerySchema, response: consolidatedOvertimeReportSchema },
  { method: 'GET', path: '/api/reports/employee-attendance', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: 'Per employee over the period: scheduled days, present, absent and leave days, late arrivals, early departures, hours and attendance rate', query: reportQuerySchema, response: employeeAttendanceReportSchema },
  { method: 'GET', path: '/api/reports/employee-birthdays', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: "Active employees' birthdays in a month (or all, by month), with the age they turn", query: reportQuerySchema, response: birthdayReportSchema },
  { method: 'GET', path: '/api/reports/employee-leaves', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: 'Leave requests sharing a day with the period, per employee, leave type and status, with their working days', query: reportQuerySchema, response: employeeLeavesReportSchema },
  { method: 'GET', path: '/api/reports/employee-list', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: 'Every field of the employees, with company, department, job title and age', query: reportQuerySchema, response: employeeListReportSchema },
  { method: 'GET', path: '/api/reports/employee-schedule', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: "Each active employee's schedule in force on a date (shift times, rest days), or none", query: reportQuerySchema, response: employeeScheduleReportSchema },
  { method: 'GET', path: '/api/reports/organization-profile', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: 'Companies, departments and job titles with their population; age bands, civil status, gender and employment type of the active employees', query: companyFilterSchema, response: organisationProfileSchema },
  { method: 'GET', path: '/api/reports/user-accounts', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: 'User accounts: type, role, status, company and last sign-in', query: reportQuerySchema, response: userAccountsReportSchema },
  { method: 'POST', path: '/api/report-exports', status: 201, service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: "Starts an Excel export of a report with the report's filters; it runs in the background (poll its status)", body: reportExportRequestSchema, response: reportExportSchema },
  { method: 'GET', path: '/api/report-exports/:id', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: "An export's progress (only its starter's)", params: idParamsSchema, response: reportExportSchema },
  { method: 'GET', path: '/api/report-exports/:id/file', service: 'reporting', access: signedIn(ADMIN_AREA, 'report.read'), tag: 'reports', summary: "A finished export's workbook (.xlsx), kept for an hour", params: idParamsSchema, rawResponse: { mediaTypes: [XLSX_MEDIA_TYPE] } },
  { method: 'GET', path: '/api/dashboard/admin', service: 'reporting', access: signedIn(ADMIN_AREA, 'dashboard.read'), tag: 'dashboards', summary: 'Employee counts, newest employees, who is in, on a break, gone or absent now, late arrivals today, recent attendances, pending leave and a 30-day series', query: companyFilterSchema, response: adminDashboardSchema },
  { method: 'GET', path: '/api/dashboard/me', service: 'reporting', access: signedIn(PERSONAL_AREA, 'dashboard.read'), tag: 'dashboards', summary: "The signed-in employee's day, previous attendances, schedule, leave requests and hours this week and month", response: personalDashboardSchema },
] as const satisfies readonly ApiRoute[];

export type ApiRouteTable = typeof apiRoutes;

type KeyOf<Route> = Route extends { method: infer Method extends string; path: infer Path extends string } ? `${Method} ${Path}` : never;
type TableRow = ApiRouteTable[number];

/** A route's name in the table, e.g. `POST /api/users`: services register their handlers by it. */
export type ApiRouteKey = KeyOf<TableRow>;

/** The table's row for a key, with its schemas' own types. */
export type ApiRouteAt<Key extends ApiRouteKey> = TableRow extends infer Row ? (Row extends unknown ? (KeyOf<Row> extends Key ? Row : never) : never) : never;

export function apiRouteKey(route: Pick<ApiRoute, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

const routesByKey: ReadonlyMap<string, ApiRoute> = new Map((apiRoutes as readonly ApiRoute[]).map((route) => [apiRouteKey(route), route]));

/** The route of a key; a key the table does not have is a programming error. */
export function apiRoute<Key extends ApiRouteKey>(key: Key): ApiRouteAt<Key> {
  const route = routesByKey.get(key);
  if (!route) throw new Error(`No API route ${key} in the route table`);
  return route as ApiRouteAt<Key>;
}

/** The routes a service implements. */
export function routesOf(service: UpstreamService): ApiRoute[] {
  return (apiRoutes as readonly ApiRoute[]).filter((route) => route.service === service);
}

export function findApiRoute(method: HttpMethod, path: string): ApiRoute {
  const route = (apiRoutes as readonly ApiRoute[]).find((candidate) => candidate.method === method && candidate.path === path);
  if (!route) throw new Error(`No API route ${method} ${path} in the route table`);
  return route;
}
