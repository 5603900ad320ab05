import type { ApiRouteAt, ApiRouteKey } from '@ams/contracts';
import type { z } from 'zod';
import { ids, MOCK_ADMIN, mockId } from './fixtures';

type KeysWithBody = { [Key in ApiRouteKey]: ApiRouteAt<Key> extends { body: z.ZodType } ? Key : never }[ApiRouteKey];
type BodyIn<Key extends KeysWithBody> = ApiRouteAt<Key> extends { body: infer Schema extends z.ZodType } ? z.input<Schema> : never;

const NEW_PASSWORD = 'Another-pass-2';
const times = { timeIn: '2026-01-05T09:00:00.000Z', breakIn: null, breakOut: null, timeOut: '2026-01-05T17:00:00.000Z' };
const leave = { leaveTypeId: ids.vacation, from: '2030-02-04', to: '2030-02-06', returnDate: '2030-02-07', reason: 'Trip' };
const frame = btoa('not really a jpeg');

/**
 * A valid body for every route that takes one, as the SPA's forms send it (typed: a new route with a body
 * fails to compile until it has one). The mock's own test sends them; component tests may reuse them.
 */
export const sampleBodies: { [Key in KeysWithBody]: BodyIn<Key> } = {
  'POST /api/user/login': { email: MOCK_ADMIN.email, password: MOCK_ADMIN.password },
  'POST /api/sign-up': { name: 'New Person', email: 'new.person@example.com', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  'PATCH /api/me': { name: 'Ana Lima-Souza' },
  'POST /api/me/password': { currentPassword: MOCK_ADMIN.password, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
  'PUT /api/me/pin': { currentPin: '123456', pin: '654321' },
  'PUT /api/settings/sign-up': { enabled: true },
  'PUT /api/settings/legal': { terms: { en: 'Terms', es: 'Condiciones' }, privacy: { en: 'Privacy', es: 'Privacidad' } },
  'POST /api/feedback': { category: 'idea', message: 'More colours', page: '/dashboard' },
  'POST /api/users': {
    name: 'New Admin',
    email: 'new.admin@example.com',
    accountType: 'Admin',
    roleId: ids.adminRole,
    status: 'enabled',
    companyId: ids.company,
    password: NEW_PASSWORD,
    confirmPassword: NEW_PASSWORD,
  },
  'PATCH /api/users/:id': { status: 'disabled' },
  'POST /api/roles': { name: 'Auditor', userType: 'admin', permissions: { report: ['read'] } },
  'PATCH /api/roles/:id': { name: 'Administrator' },
  'POST /api/companies': { name: 'Second Co' },
  'PUT /api/companies/:id': { name: 'Acme Renamed' },
  'POST /api/departments': { name: 'Finance', companyId: ids.company },
  'PUT /api/departments/:id': { name: 'Sales & Marketing', companyId: ids.company },
  'POST /api/job-titles': { name: 'Analyst', departmentId: ids.sales, companyId: ids.company },
  'PUT /api/job-titles/:id': { name: 'Key account manager', departmentId: ids.sales, companyId: ids.company },
  'POST /api/leave-types': { name: 'Parental leave', companyId: ids.company },
  'PUT /api/leave-types/:id': { name: 'Holiday', companyId: ids.company },
  'POST /api/leave-groups': { name: 'Trainees', description: 'Trainees only', privileges: [ids.vacation], status: 'active', companyId: ids.company },
  'PUT /api/leave-groups/:id': { name: 'Staff', description: 'Everyone', privileges: [ids.vacation, ids.sickLeave], status: 'active', companyId: ids.company },
  'POST /api/employees': {
    firstName: 'Fiona',
    lastName: 'Green',
    gender: 'FEMALE',
    email: 'fiona.green@example.com',
    nationalId: 'N-2001',
    companyId: ids.company,
    departmentId: ids.operations,
    jobTitleId: ids.operator,
    leaveGroupId: ids.staffGroup,
    employmentType: 'regular',
  },
  'POST /api/employees/bulk-delete': { ids: [mockId(104), mockId(105)] },
  'PATCH /api/employees/:id': { phoneNumber: '+44 20 7946 0000' },
  'PUT /api/employees/:id/pin': { pin: '246810' },
  'PUT /api/settings': { timeFormat: 2 },
  'PUT /api/settings/safeguarding': { retentionDays: 60 },
  'PUT /api/settings/face-clocking': { companyId: ids.company, enabled: false },
  'POST /api/schedules': {
    employeeId: mockId(102),
    startTime: '08:00:00.000Z',
    offTime: '16:00:00.000Z',
    totalHours: 7,
    restDays: ['sunday'],
    fromDate: '2030-01-01',
  },
  'PATCH /api/schedules/:id': { totalHours: 6 },
  'PUT /api/leaves/:id/decision': { status: 'approved', comment: 'Enjoy' },
  'POST /api/me/leaves': leave,
  'PUT /api/me/leaves/:id': { ...leave, reason: 'Longer trip' },
  'POST /api/attendance': { employeeId: mockId(105), workDate: '2026-01-05', reason: 'Forgot to clock', ...times },
  'PATCH /api/attendance/:id': { reason: 'Wrong time out', ...times },
  'DELETE /api/attendance/:id': { reason: 'Recorded twice' },
  'POST /api/clock/identify/face': { frames: [frame, frame, frame, frame] },
  'POST /api/clock/identify/pin': { identifier: 'N-1001', pin: '123456' },
  'POST /api/clock/identify/card': { card: 'CARD-1' },
  'POST /api/clock/punch': { ticket: 'mock-ticket', action: 'check-in', commandId: mockId(900) },
  'POST /api/kiosk-devices': { name: 'Back door', companyId: ids.company },
  'POST /api/clock/contact': { queueLength: 0, clockOffsetMs: 0 },
  'POST /api/clock/offline-punches': {
    commandId: mockId(901),
    deviceTime: '2026-01-05T09:00:00.000Z',
    clockOffsetMs: 0,
    sealed: { v: 1, epk: 'AQ', iv: 'AQ', ct: 'AQ' },
  },
  'POST /api/attendance/offline-punches/:id/record': {
    employeeId: mockId(105),
    workDate: '2026-01-05',
    reason: 'Clocked at the door while it was offline',
    ...times,
  },
  'POST /api/report-exports': { report: 'employee-list', query: {}, language: 'en' },
};
