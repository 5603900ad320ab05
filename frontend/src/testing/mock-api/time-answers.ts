import { calendarDays, formatMessage, shiftHours, type Attendance, type Leave, type Schedule, type User } from '@ams/contracts';
import { findOr404, MockProblem, pageOf, removeOr404, type AnswerContext, type Answers, type KeysOf } from './answer-types';
import type { MockDb } from './mock-db';

/** The signed-in user's employee record (the personal area's routes), or 404. */
function myEmployee(db: MockDb, user: User | null) {
  return findOr404(db.employees, user?.employeeId ?? undefined, 'employeeNotFound');
}

function scheduleStatus(db: MockDb, fromDate: string, toDate: string | null): Schedule['status'] {
  if (fromDate > db.today) return 'upcoming';
  return toDate !== null && toDate < db.today ? 'previous' : 'current';
}

function leaveOf(
  db: MockDb,
  employeeId: string,
  fields: { leaveTypeId: string; from: string; to: string; returnDate: string; reason: string },
  existing?: Leave,
): Leave {
  const person = findOr404(db.employees, employeeId, 'employeeNotFound');
  const days = calendarDays(fields.from, fields.to);
  return {
    id: existing?.id ?? crypto.randomUUID(),
    employeeId,
    employeeName: person.fullName,
    companyId: person.companyId,
    departmentId: person.departmentId,
    ...fields,
    leaveTypeName: findOr404(db.leaveTypes, fields.leaveTypeId, 'leaveTypeNotFound').name,
    workingDays: days,
    status: 'pending',
    comment: null,
    decidedAt: null,
    createdAt: existing?.createdAt ?? db.now,
    updatedAt: db.now,
  };
}

function pendingLeave(db: MockDb, user: User | null, id: string | undefined): Leave {
  const employeeId = myEmployee(db, user).id;
  const leave = findOr404(
    db.leaves.filter((each) => each.employeeId === employeeId),
    id,
    'noLeaveFound',
  );
  if (leave.status !== 'pending') throw new MockProblem(409, 'leaveDecidedNoChange');
  return leave;
}

/**
 * A work day's figures from its times (no schedule rules: the mock answers plausibly, not exactly). The times are
 * an admin's, so none rests on a kiosk's offline clock any more.
 */
function dayOf(
  db: MockDb,
  fields: { timeIn: string; breakIn: string | null; breakOut: string | null; timeOut: string | null },
  base: Omit<
    Attendance,
    'timeIn' | 'breakIn' | 'breakOut' | 'timeOut' | 'totalHours' | 'state' | 'updatedAt' | 'departureStatus' | 'reason' | 'recordedOffline'
  >,
  reason: string,
): Attendance {
  const breakHours = fields.breakIn && fields.breakOut ? (Date.parse(fields.breakOut) - Date.parse(fields.breakIn)) / 3_600_000 : 0;
  const totalHours = fields.timeOut ? Math.round(((Date.parse(fields.timeOut) - Date.parse(fields.timeIn)) / 3_600_000 - breakHours) * 100) / 100 : null;
  const state = fields.timeOut ? 'left' : fields.breakIn && !fields.breakOut ? 'on-break' : fields.breakOut ? 'back-from-break' : 'working';
  return { ...base, ...fields, totalHours, state, departureStatus: fields.timeOut ? 'on time' : null, reason, recordedOffline: false, updatedAt: db.now };
}

const ticketOf = (db: MockDb, method: 'face' | 'pin' | 'card') => {
  const person = db.employees[0];
  if (!person) throw new MockProblem(401, 'faceNotRecognized');
  return {
    ticket: `mock-ticket-${crypto.randomUUID()}`,
    employeeId: person.id,
    employeeName: person.fullName,
    photo: null,
    method,
    message: formatMessage('pinAccepted'),
    expiresAt: new Date(Date.parse(db.now) + 60_000).toISOString(),
    allowedActions: ['check-in' as const],
    unavailable: null,
  };
};

/** An admin's record of a day the employee did not clock. */
function recordDay(db: MockDb, body: AnswerContext<'POST /api/attendance'>['body']) {
  const person = findOr404(db.employees, body.employeeId, 'employeeNotFound');
  const { employeeId, workDate, reason, ...times } = body;
  const base = {
    id: crypto.randomUUID(),
    employeeId,
    employeeName: person.fullName,
    companyId: person.companyId,
    departmentId: person.departmentId,
    workDate,
    overtimeHours: 0,
    lateMinutes: 0,
    arrivalStatus: null,
  };
  const day = dayOf(db, times, base, reason);
  db.attendance.push(day);
  return day;
}

export const scheduleAnswers: Answers<KeysOf<'scheduling'>> = {
  'GET /api/schedules': ({ db, query }) => {
    const { sort: _sort, order: _order, ...filters } = query;
    return pageOf(db.schedules, filters);
  },
  'POST /api/schedules': ({ db, body }) => {
    const person = findOr404(db.employees, body.employeeId, 'employeeNotFound');
    const toDate = body.toDate ?? null;
    const schedule: Schedule = {
      ...body,
      id: crypto.randomUUID(),
      employeeName: person.fullName,
      companyId: person.companyId,
      departmentId: person.departmentId,
      toDate,
      overnight: body.offTime < body.startTime,
      status: scheduleStatus(db, body.fromDate, toDate),
      createdAt: db.now,
      updatedAt: db.now,
    };
    db.schedules.push(schedule);
    return schedule;
  },
  'GET /api/schedules/:id': ({ db, params }) => findOr404(db.schedules, params.id, 'noScheduleFound'),
  'PATCH /api/schedules/:id': ({ db, params, body }) => {
    const schedule = Object.assign(findOr404(db.schedules, params.id, 'noScheduleFound'), body, { updatedAt: db.now });
    return Object.assign(schedule, {
      overnight: shiftHours(schedule.startTime, schedule.offTime) > 0 && schedule.offTime < schedule.startTime,
      status: scheduleStatus(db, schedule.fromDate, schedule.toDate),
    });
  },
  'POST /api/schedules/:id/archive': ({ db, params }) => {
    const schedule = findOr404(db.schedules, params.id, 'noScheduleFound');
    if (schedule.status === 'previous') throw new MockProblem(409, 'scheduleAlreadyEnded');
    return Object.assign(schedule, { status: 'previous' as const, toDate: db.today, updatedAt: db.now });
  },
  'GET /api/me/schedules': ({ db, user }) => {
    const mine = db.schedules.filter((each) => each.employeeId === myEmployee(db, user).id);
    return {
      current: mine.find((each) => each.status === 'current') ?? null,
      previous: mine.filter((each) => each.status === 'previous'),
      upcoming: mine.filter((each) => each.status === 'upcoming'),
    };
  },
};

export const leaveAnswers: Answers<KeysOf<'leave'>> = {
  'GET /api/leaves': ({ db, query }) =>
    pageOf(
      db.leaves.toSorted((a, b) => Number(b.status === 'pending') - Number(a.status === 'pending') || a.from.localeCompare(b.from)),
      query,
    ),
  'GET /api/leaves/calendar': ({ db, query }) => ({
    items: db.leaves.filter((each) => each.status !== 'declined' && each.from.slice(0, 7) <= query.month && each.to.slice(0, 7) >= query.month),
  }),
  'GET /api/leaves/:id': ({ db, params }) => findOr404(db.leaves, params.id, 'noLeaveFound'),
  'PUT /api/leaves/:id/decision': ({ db, params, body }) => {
    const leave = findOr404(db.leaves, params.id, 'noLeaveFound');
    if (leave.status !== 'pending') throw new MockProblem(409, 'leaveAlreadyDecided');
    return Object.assign(leave, { status: body.status, comment: body.comment ?? null, decidedAt: db.now, updatedAt: db.now });
  },
  'GET /api/me/leave-types': ({ db, user }) => {
    const group = findOr404(db.leaveGroups, myEmployee(db, user).leaveGroupId, 'leaveGroupNotFound');
    return { items: group.privileges };
  },
  'GET /api/me/leaves': ({ db, user, query }) =>
    pageOf(
      db.leaves.filter((each) => each.employeeId === myEmployee(db, user).id),
      query,
    ),
  'POST /api/me/leaves': ({ db, user, body }) => {
    const leave = leaveOf(db, myEmployee(db, user).id, body);
    db.leaves.push(leave);
    return leave;
  },
  'GET /api/me/leaves/:id': ({ db, user, params }) =>
    findOr404(
      db.leaves.filter((each) => each.employeeId === myEmployee(db, user).id),
      params.id,
      'noLeaveFound',
    ),
  'PUT /api/me/leaves/:id': ({ db, user, params, body }) => {
    const leave = pendingLeave(db, user, params.id);
    return Object.assign(leave, leaveOf(db, leave.employeeId, body, leave));
  },
  'DELETE /api/me/leaves/:id': ({ db, user, params }) => void removeOr404(db.leaves, pendingLeave(db, user, params.id).id, 'noLeaveFound'),
};

/** The attendance list, presence and export: reporting answers them from the counted days. */
export const attendanceListAnswers: Answers<
  'GET /api/attendance' | 'GET /api/attendance/export' | 'GET /api/attendance/presence' | 'GET /api/attendance/:id' | 'GET /api/me/attendance'
> = {
  'GET /api/attendance': ({ db, query }) => {
    const { from, to, arrivalStatus, departureStatus, ...filters } = query;
    const days = db.attendance.filter(
      (day) =>
        (!from || day.workDate >= from) &&
        (!to || day.workDate <= to) &&
        (!arrivalStatus || day.arrivalStatus === arrivalStatus) &&
        (!departureStatus || day.departureStatus === departureStatus),
    );
    return pageOf(
      days.toSorted((a, b) => b.workDate.localeCompare(a.workDate)),
      filters,
    );
  },
  'GET /api/attendance/export': () => ({ raw: new Uint8Array(), contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  'GET /api/attendance/presence': ({ db }) => ({
    items: db.attendance
      .filter((day) => day.workDate === db.today)
      .map((day) => ({
        employeeId: day.employeeId,
        employeeName: day.employeeName,
        companyId: day.companyId,
        workDate: day.workDate,
        state: day.state,
        since: day.updatedAt,
      })),
  }),
  'GET /api/attendance/:id': ({ db, params }) => findOr404(db.attendance, params.id, 'notFound'),
  'GET /api/me/attendance': ({ db, user, query }) =>
    pageOf(
      db.attendance.filter((day) => day.employeeId === myEmployee(db, user).id),
      query,
    ),
};

export const attendanceAnswers: Answers<KeysOf<'attendance'>> = {
  'POST /api/attendance': ({ db, body }) => recordDay(db, body),
  'PATCH /api/attendance/:id': ({ db, params, body }) => {
    const day = findOr404(db.attendance, params.id, 'notFound');
    const { reason, ...times } = body;
    return Object.assign(day, dayOf(db, times, day, reason));
  },
  'DELETE /api/attendance/:id': ({ db, params }) => void removeOr404(db.attendance, params.id, 'notFound'),
  'GET /api/attendance/:id/history': ({ db, params }) => {
    const day = findOr404(db.attendance, params.id, 'notFound');
    const details = day.recordedOffline ? { offline: { receivedAt: day.updatedAt, clockOffsetMs: 0 } } : {};
    return { items: [{ type: 'ClockedIn', at: day.timeIn, recordedAt: day.timeIn, method: 'pin' as const, actorId: null, reason: null, details }] };
  },
  'POST /api/clock/identify/face': ({ db }) => ticketOf(db, 'face'),
  'POST /api/clock/identify/pin': ({ db }) => ticketOf(db, 'pin'),
  'POST /api/clock/identify/card': ({ db }) => ({ ...ticketOf(db, 'card'), pinRequired: false as const }),
  'GET /api/clock/card-reader': ({ db }) => ({ enabled: db.settings.rfidClock }),
  'GET /api/clock/display': ({ db }) => ({ timezone: db.settings.timezone, timeFormat: db.settings.timeFormat }),
  'POST /api/clock/punch': ({ db, body }) => ({
    message: formatMessage('pinAccepted'),
    action: body.action,
    at: db.now,
    employeeName: db.employees[0]?.fullName ?? '',
  }),
  'GET /api/clock/device': ({ db }) => {
    const device = db.kioskDevices[0];
    if (!device) throw new MockProblem(404, 'kioskNotFound');
    return { id: device.id, name: device.name, faceClocking: true };
  },
  'GET /api/kiosk-devices': ({ db, query }) => ({ items: db.kioskDevices.filter((device) => !query.companyId || device.companyId === query.companyId) }),
  'POST /api/kiosk-devices': ({ db, body, user }) => {
    const device = {
      id: crypto.randomUUID(),
      companyId: body.companyId ?? user?.companyId ?? db.companies[0]?.id ?? '',
      name: body.name,
      createdAt: db.now,
      lastSeenAt: null,
      lastContactAt: null,
      clockOffsetMs: null,
      queueLength: null,
      revokedAt: null,
    };
    db.kioskDevices.push(device);
    return { device, token: `mock-kiosk-${device.id}` };
  },
  // A fixed public key: the mock never opens what a kiosk seals with it.
  'POST /api/clock/contact': ({ db }) => ({
    serverTime: db.now,
    sealingKey: { kty: 'EC', crv: 'P-256', x: 'f3D0x2FXlyvWc-WVsOEqwQmQOBgMMu_JAR3zsGWoTnw', y: 'HYSdCWMDU6ynOP3N8QWzzQ0gQdIqNooJ5XKWO5epE_s' },
  }),
  'POST /api/clock/offline-punches': () => ({ outcome: 'recorded' as const }),
  'GET /api/attendance/offline-punches': () => ({ items: [], total: 0 }),
  // The mock keeps no offline punches: any id records the day as an admin's record would.
  'POST /api/attendance/offline-punches/:id/record': ({ db, body }) => recordDay(db, body),
  'DELETE /api/kiosk-devices/:id': ({ db, params }) => void Object.assign(findOr404(db.kioskDevices, params.id, 'kioskNotFound'), { revokedAt: db.now }),
};
