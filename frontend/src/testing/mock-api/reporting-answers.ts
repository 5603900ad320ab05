import { addDays, XLSX_MEDIA_TYPE, type Employee, type ReportTotals } from '@ams/contracts';
import { findOr404, pageOf, type Answers, type KeysOf } from './answer-types';
import type { MockDb } from './mock-db';
import { attendanceListAnswers } from './time-answers';

/**
 * The reports and dashboards, computed from the mock's records with the simplest rules (a working day without
 * attendance is an absence, no overtime): plausible figures that move when the records change.
 */
function employeeRef(employee: Employee) {
  return {
    employeeId: employee.id,
    employeeName: employee.fullName,
    companyId: employee.companyId,
    departmentId: employee.departmentId,
    departmentName: employee.departmentName,
  };
}

function period(db: MockDb, query: { from?: string | undefined; to?: string | undefined }) {
  return { from: query.from ?? `${db.today.slice(0, 8)}01`, to: query.to ?? db.today };
}

function active(db: MockDb, query: { companyId?: string | undefined; departmentId?: string | undefined; employeeId?: string | undefined }): Employee[] {
  return db.employees.filter(
    (each) =>
      each.employmentStatus === 'active' &&
      (!query.companyId || each.companyId === query.companyId) &&
      (!query.departmentId || each.departmentId === query.departmentId) &&
      (!query.employeeId || each.id === query.employeeId),
  );
}

function daysOf(db: MockDb, employeeId: string, from: string, to: string) {
  return db.attendance.filter((day) => day.employeeId === employeeId && day.workDate >= from && day.workDate <= to);
}

/** A recorded day as report 1 (and the personal dashboard) show it: the mock keeps no schedule rules, so 7 planned hours. */
function reportDayOf(employee: Employee, day: ReturnType<typeof daysOf>[number]) {
  return {
    ...employeeRef(employee),
    workDate: day.workDate,
    mark: 'present' as const,
    timeIn: day.timeIn,
    breakIn: day.breakIn,
    breakOut: day.breakOut,
    timeOut: day.timeOut,
    scheduledHours: 7,
    workedHours: day.totalHours ?? 0,
    breakMinutes: day.breakIn ? 60 : 0,
    lateMinutes: day.lateMinutes,
    earlyDepartureMinutes: 0,
    overtimeHours: 0,
    correctionReason: day.reason,
    recordedOffline: day.recordedOffline,
  };
}

function totalsOf(db: MockDb, employee: Employee, from: string, to: string): ReportTotals {
  const days = daysOf(db, employee.id, from, to);
  return {
    daysWorked: days.length,
    absences: 0,
    leaveDays: 0,
    lateArrivals: days.filter((day) => day.arrivalStatus === 'late arrival').length,
    earlyDepartures: days.filter((day) => day.departureStatus === 'early departure').length,
    scheduledHours: days.length * 7,
    workedHours: days.reduce((sum, day) => sum + (day.totalHours ?? 0), 0),
    breakMinutes: days.filter((day) => day.breakIn).length * 60,
    lateMinutes: days.reduce((sum, day) => sum + day.lateMinutes, 0),
    earlyDepartureMinutes: 0,
    overtimeHours: 0,
  };
}

function sumTotals(rows: readonly ReportTotals[]): ReportTotals {
  const zero: ReportTotals = {
    daysWorked: 0,
    absences: 0,
    leaveDays: 0,
    lateArrivals: 0,
    earlyDepartures: 0,
    scheduledHours: 0,
    workedHours: 0,
    breakMinutes: 0,
    lateMinutes: 0,
    earlyDepartureMinutes: 0,
    overtimeHours: 0,
  };
  return rows.reduce(
    (sum, row) => Object.fromEntries(Object.entries(sum).map(([key, value]) => [key, value + row[key as keyof ReportTotals]])) as unknown as ReportTotals,
    zero,
  );
}

function snapshotOf(employee: Employee) {
  return {
    employeeId: employee.id,
    companyId: employee.companyId,
    departmentId: employee.departmentId,
    jobTitleId: employee.jobTitleId,
    leaveGroupId: employee.leaveGroupId,
    firstName: employee.firstName,
    lastName: employee.lastName,
    email: employee.email,
    companyEmail: employee.companyEmail,
    gender: employee.gender,
    civilStatus: employee.civilStatus,
    height: employee.height,
    weight: employee.weight,
    phoneNumber: employee.phoneNumber,
    birthday: employee.birthday,
    nationalId: employee.nationalId,
    placeOfBirth: employee.placeOfBirth,
    address: employee.address,
    employmentType: employee.employmentType,
    employmentStatus: employee.employmentStatus,
    officialStartDate: employee.officialStartDate,
    dateRegularized: employee.dateRegularized,
    hasImage: employee.image !== null,
    rfidCard: employee.rfidCard,
    createdAt: employee.createdAt,
    companyName: employee.companyName,
    departmentName: employee.departmentName,
    jobTitleName: employee.jobTitleName,
  };
}

const tallyOf = <Key extends string>(keys: readonly Key[], of: (employee: Employee) => string, employees: readonly Employee[]) =>
  keys.map((key) => ({ key, count: employees.filter((employee) => of(employee) === key).length }));

function ageBand(age: number | null) {
  if (age === null) return 'unknown';
  if (age < 20) return 'under 20';
  if (age >= 60) return '60 and over';
  const decade = Math.floor(age / 10) * 10;
  return `${decade}–${decade + 9}`;
}

function scheduleOf(db: MockDb, employeeId: string) {
  const schedule = db.schedules.find((each) => each.employeeId === employeeId && each.status === 'current');
  return schedule
    ? {
        scheduleId: schedule.id,
        startTime: schedule.startTime,
        offTime: schedule.offTime,
        totalHours: schedule.totalHours,
        restDays: schedule.restDays,
        fromDate: schedule.fromDate,
        toDate: schedule.toDate,
      }
    : null;
}

function presenceList(db: MockDb, states: readonly string[]) {
  const items = db.attendance
    .filter((day) => day.workDate === db.today && states.includes(day.state))
    .map((day) => ({ employeeId: day.employeeId, employeeName: day.employeeName, companyId: day.companyId, workDate: day.workDate, since: day.updatedAt }));
  return { count: items.length, items };
}

export const reportingAnswers: Answers<KeysOf<'reporting'>> = {
  ...attendanceListAnswers,
  'GET /api/employees/:id/data-export': ({ db, params }) => {
    const employee = findOr404(db.employees, params.id, 'employeeNotFound');
    return {
      exportedAt: db.now,
      employee: snapshotOf(employee),
      userAccounts: db.users
        .filter((user) => user.employeeId === employee.id)
        .map((user) => ({ userId: user.id, name: user.name, email: user.email, accountType: user.accountType, status: user.status, lastSignInAt: null })),
      schedules: db.schedules
        .filter((each) => each.employeeId === employee.id)
        .map((each) => ({
          scheduleId: each.id,
          startTime: each.startTime,
          offTime: each.offTime,
          totalHours: each.totalHours,
          restDays: each.restDays,
          fromDate: each.fromDate,
          toDate: each.toDate,
          status: each.status,
          cancelled: false,
        })),
      leaves: db.leaves
        .filter((each) => each.employeeId === employee.id)
        .map((each) => ({
          leaveId: each.id,
          leaveType: each.leaveTypeName,
          fromDate: each.from,
          toDate: each.to,
          returnDate: each.returnDate,
          reason: each.reason,
          workingDays: each.workingDays,
          status: each.status,
          comment: each.comment,
          requestedAt: each.createdAt,
        })),
      workDays: daysOf(db, employee.id, '0000-01-01', '9999-12-31').map((day) => ({
        workDayId: day.id,
        workDate: day.workDate,
        state: day.state,
        timeIn: day.timeIn,
        breakIn: day.breakIn,
        breakOut: day.breakOut,
        timeOut: day.timeOut,
        reason: day.reason,
      })),
    };
  },
  'GET /api/employees/:id/data-export/xlsx': ({ db, params }) => (
    findOr404(db.employees, params.id, 'employeeNotFound'),
    { raw: new Uint8Array(), contentType: XLSX_MEDIA_TYPE }
  ),
  'GET /api/reports/attendance-overtime': ({ db, query }) => {
    const { from, to } = period(db, query);
    const rows = active(db, query).flatMap((employee) => daysOf(db, employee.id, from, to).map((day) => reportDayOf(employee, day)));
    return { from, to, ...pageOf(rows, query), totals: sumTotals(active(db, query).map((employee) => totalsOf(db, employee, from, to))) };
  },
  'GET /api/reports/consolidated-overtime': ({ db, query }) => {
    const { from, to } = period(db, query);
    const rows = active(db, query).map((employee) => ({ ...employeeRef(employee), ...totalsOf(db, employee, from, to) }));
    return { from, to, ...pageOf(rows, query), totals: sumTotals(rows) };
  },
  'GET /api/reports/employee-attendance': ({ db, query }) => {
    const { from, to } = period(db, query);
    const rows = active(db, query).map((employee) => {
      const totals = totalsOf(db, employee, from, to);
      return {
        ...employeeRef(employee),
        scheduledDays: totals.daysWorked,
        daysPresent: totals.daysWorked,
        absences: 0,
        leaveDays: 0,
        lateArrivals: totals.lateArrivals,
        earlyDepartures: totals.earlyDepartures,
        workedHours: totals.workedHours,
        attendanceRate: totals.daysWorked > 0 ? 100 : null,
      };
    });
    const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
    return {
      from,
      to,
      ...pageOf(rows, query),
      totals: {
        scheduledDays: sum((row) => row.scheduledDays),
        daysPresent: sum((row) => row.daysPresent),
        absences: 0,
        leaveDays: 0,
        lateArrivals: sum((row) => row.lateArrivals),
        earlyDepartures: sum((row) => row.earlyDepartures),
        workedHours: sum((row) => row.workedHours),
        attendanceRate: rows.length > 0 ? 100 : null,
      },
    };
  },
  'GET /api/reports/employee-birthdays': ({ db, query }) => {
    const born = active(db, query).filter((employee): employee is Employee & { birthday: string } => employee.birthday !== null);
    const rows = born.map((employee) => ({
      ...employeeRef(employee),
      birthday: employee.birthday,
      month: Number(employee.birthday.slice(5, 7)),
      day: Number(employee.birthday.slice(8, 10)),
      turns: Number(db.today.slice(0, 4)) - Number(employee.birthday.slice(0, 4)),
    }));
    return {
      items: rows.filter((row) => !query.month || row.month === query.month),
      perMonth: Array.from({ length: 12 }, (_, index) => rows.filter((row) => row.month === index + 1).length),
    };
  },
  'GET /api/reports/employee-leaves': ({ db, query }) => {
    const { from, to } = period(db, query);
    const leaves = db.leaves.filter((leave) => leave.from <= to && leave.to >= from && (!query.leaveStatus || leave.status === query.leaveStatus));
    const rows = leaves.flatMap((leave) => {
      const employee = db.employees.find((each) => each.id === leave.employeeId);
      return employee
        ? [
            {
              ...employeeRef(employee),
              leaveTypeId: leave.leaveTypeId,
              leaveTypeName: leave.leaveTypeName,
              status: leave.status,
              requests: 1,
              workingDays: leave.workingDays,
            },
          ]
        : [];
    });
    const byStatus: Record<string, { requests: number; workingDays: number }> = {};
    for (const row of rows) {
      const entry = (byStatus[row.status] ??= { requests: 0, workingDays: 0 });
      entry.requests += 1;
      entry.workingDays += row.workingDays;
    }
    return { from, to, ...pageOf(rows, query), totals: { requests: rows.length, workingDays: rows.reduce((sum, row) => sum + row.workingDays, 0), byStatus } };
  },
  'GET /api/reports/employee-list': ({ db, query }) =>
    pageOf(
      db.employees
        .filter((employee) => !query.employmentStatus || employee.employmentStatus === query.employmentStatus)
        .map((employee) => ({ ...snapshotOf(employee), age: employee.age })),
      { companyId: query.companyId, departmentId: query.departmentId, page: query.page, pageSize: query.pageSize },
    ),
  'GET /api/reports/employee-schedule': ({ db, query }) => {
    const rows = active(db, query).map((employee) => ({ ...employeeRef(employee), schedule: scheduleOf(db, employee.id) }));
    return { date: query.date ?? db.today, ...pageOf(rows, query), withoutSchedule: rows.filter((row) => row.schedule === null).length };
  },
  'GET /api/reports/organization-profile': ({ db, query }) => {
    const employees = active(db, query);
    const count = (of: (employee: Employee) => boolean) => ({
      active: db.employees.filter((each) => of(each) && each.employmentStatus === 'active').length,
      archived: db.employees.filter((each) => of(each) && each.employmentStatus === 'archived').length,
    });
    return {
      companies: db.companies.map((company) => ({
        companyId: company.id,
        name: company.name,
        departments: db.departments.filter((each) => each.companyId === company.id).length,
        jobTitles: db.jobTitles.filter((each) => each.companyId === company.id).length,
        ...count((each) => each.companyId === company.id),
      })),
      departments: db.departments.map((department) => ({
        departmentId: department.id,
        name: department.name,
        companyId: department.companyId,
        jobTitles: db.jobTitles.filter((each) => each.departmentId === department.id).length,
        ...count((each) => each.departmentId === department.id),
      })),
      ageBands: tallyOf(['under 20', '20–29', '30–39', '40–49', '50–59', '60 and over', 'unknown'] as const, (employee) => ageBand(employee.age), employees),
      civilStatus: tallyOf(
        ['SINGLE', 'MARRIED', 'ANNULLED', 'WIDOWED', 'LEGALLY SEPARATED', 'unknown'] as const,
        (employee) => employee.civilStatus ?? 'unknown',
        employees,
      ),
      gender: tallyOf(['MALE', 'FEMALE'] as const, (employee) => employee.gender, employees),
      employmentType: tallyOf(['regular', 'trainee'] as const, (employee) => employee.employmentType, employees),
    };
  },
  'GET /api/reports/user-accounts': ({ db, query }) => {
    const users = db.users.filter(
      (user) => (!query.accountType || user.accountType === query.accountType) && (!query.userStatus || user.status === query.userStatus),
    );
    const rows = users.map((user) => ({
      userId: user.id,
      name: user.name,
      email: user.email,
      accountType: user.accountType,
      roleName: user.roleName,
      status: user.status,
      companyId: user.companyId,
      companyName: db.companies.find((each) => each.id === user.companyId)?.name ?? null,
      lastSignInAt: null,
    }));
    const countBy = (of: (row: (typeof rows)[number]) => string) =>
      rows.reduce<Record<string, number>>((counts, row) => ({ ...counts, [of(row)]: (counts[of(row)] ?? 0) + 1 }), {});
    return { ...pageOf(rows, query), byAccountType: countBy((row) => row.accountType), byStatus: countBy((row) => row.status) };
  },
  // Exports finish at once: the SPA's progress polling sees 'done' on its first look.
  'POST /api/report-exports': ({ db, body }) => {
    const created = {
      id: crypto.randomUUID(),
      status: 'done' as const,
      rowsWritten: db.employees.length,
      rowsTotal: db.employees.length,
      fileName: `${body.report}.xlsx`,
    };
    db.reportExports.set(created.id, created);
    return created;
  },
  'GET /api/report-exports/:id': ({ db, params }) => findOr404([...db.reportExports.values()], params.id, 'reportExportNotFound'),
  'GET /api/report-exports/:id/file': ({ db, params }) => (
    findOr404([...db.reportExports.values()], params.id, 'reportExportNotFound'),
    { raw: new Uint8Array(), contentType: XLSX_MEDIA_TYPE }
  ),
  'GET /api/dashboard/admin': ({ db, query }) => {
    const employees = db.employees.filter((each) => !query.companyId || each.companyId === query.companyId);
    const counts = (of: (employee: Employee) => boolean) => ({
      active: employees.filter((each) => of(each) && each.employmentStatus === 'active').length,
      archived: employees.filter((each) => of(each) && each.employmentStatus === 'archived').length,
    });
    const today = db.attendance.filter((day) => day.workDate === db.today);
    const absent = employees.filter((employee) => employee.employmentStatus === 'active' && !today.some((day) => day.employeeId === employee.id));
    return {
      asOf: db.now,
      employees: {
        ...counts(() => true),
        byCompany: db.companies.map((company) => ({ companyId: company.id, companyName: company.name, ...counts((each) => each.companyId === company.id) })),
        byDepartment: db.departments.map((department) => ({
          departmentId: department.id,
          departmentName: department.name,
          companyId: department.companyId,
          ...counts((each) => each.departmentId === department.id),
        })),
      },
      newestEmployees: employees
        .toSorted((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, 5)
        .map((employee) => ({
          employeeId: employee.id,
          employeeName: employee.fullName,
          companyId: employee.companyId,
          departmentName: employee.departmentName,
          jobTitleName: employee.jobTitleName,
          employmentStatus: employee.employmentStatus,
          createdAt: employee.createdAt,
        })),
      presence: {
        working: presenceList(db, ['working', 'back-from-break']),
        onBreak: presenceList(db, ['on-break']),
        gone: presenceList(db, ['left']),
        notIn: { count: 0, items: [] },
        absent: {
          count: absent.length,
          items: absent.map((employee) => ({
            employeeId: employee.id,
            employeeName: employee.fullName,
            companyId: employee.companyId,
            workDate: db.today,
            since: null,
          })),
        },
      },
      lateToday: {
        count: today.filter((day) => day.arrivalStatus === 'late arrival').length,
        items: today
          .filter((day) => day.arrivalStatus === 'late arrival')
          .map((day) => ({
            employeeId: day.employeeId,
            employeeName: day.employeeName,
            companyId: day.companyId,
            workDate: day.workDate,
            timeIn: day.timeIn,
            lateMinutes: day.lateMinutes,
          })),
      },
      recentAttendances: db.attendance
        .toSorted((a, b) => b.timeIn.localeCompare(a.timeIn))
        .slice(0, 10)
        .map((day) => ({
          workDayId: day.id,
          employeeId: day.employeeId,
          employeeName: day.employeeName,
          workDate: day.workDate,
          timeIn: day.timeIn,
          timeOut: day.timeOut,
          state: day.state,
        })),
      pendingLeaves: db.leaves
        .filter((leave) => leave.status === 'pending')
        .map((leave) => ({
          leaveId: leave.id,
          employeeId: leave.employeeId,
          employeeName: leave.employeeName,
          leaveTypeName: leave.leaveTypeName,
          from: leave.from,
          to: leave.to,
          workingDays: leave.workingDays,
          requestedAt: leave.createdAt,
        })),
      series: Array.from({ length: 30 }, (_, index) => {
        const date = addDays(db.today, index - 29);
        const days = db.attendance.filter((day) => day.workDate === date);
        return { date, present: days.length, absent: 0, leave: 0, late: days.filter((day) => day.arrivalStatus === 'late arrival').length };
      }),
    };
  },
  'GET /api/dashboard/me': ({ db, user }) => {
    const employee = db.employees.find((each) => each.id === user?.employeeId);
    const none = { workedHours: 0, overtimeHours: 0, daysWorked: 0, absences: 0, leaveDays: 0 };
    if (!employee) return { asOf: db.now, employeeId: null, today: null, previousAttendances: [], schedule: null, leaves: [], week: none, month: none };
    const today = db.attendance.find((day) => day.employeeId === employee.id && day.workDate === db.today);
    const schedule = scheduleOf(db, employee.id);
    const hours = (from: string) => {
      const totals = totalsOf(db, employee, from, db.today);
      return { workedHours: totals.workedHours, overtimeHours: 0, daysWorked: totals.daysWorked, absences: 0, leaveDays: 0 };
    };
    return {
      asOf: db.now,
      employeeId: employee.id,
      today: {
        workDate: db.today,
        status: today?.state ?? 'not-in',
        timeIn: today?.timeIn ?? null,
        timeOut: today?.timeOut ?? null,
        shiftStart: schedule ? `${db.today}T${schedule.startTime}` : null,
        shiftEnd: schedule ? `${db.today}T${schedule.offTime}` : null,
      },
      previousAttendances: daysOf(db, employee.id, '0000-01-01', addDays(db.today, -1)).map((day) => reportDayOf(employee, day)),
      schedule,
      leaves: db.leaves
        .filter((leave) => leave.employeeId === employee.id)
        .map((leave) => ({
          leaveId: leave.id,
          leaveTypeName: leave.leaveTypeName,
          from: leave.from,
          to: leave.to,
          workingDays: leave.workingDays,
          status: leave.status,
        })),
      week: hours(addDays(db.today, -6)),
      month: hours(`${db.today.slice(0, 8)}01`),
    };
  },
};
