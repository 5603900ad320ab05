import {
  addDays,
  everyPermission,
  fullName,
  weekdayOf,
  type Attendance,
  type Company,
  type Department,
  type Employee,
  type Feedback,
  type JobTitle,
  type KioskDevice,
  type Leave,
  type LeaveGroup,
  type LeaveType,
  type Role,
  type Schedule,
  type Settings,
  type User,
} from '@ams/contracts';

/**
 * The mock API's organisation: one company, two departments, three job titles, five employees, an Admin who is
 * also the first employee, a schedule each, a week of attendance and some leave. Ids are fixed (readable in
 * tests); dates follow the day the mock starts, so the dashboard always shows "today".
 */
export const MOCK_ADMIN = { email: 'admin@example.com', password: 'Mock-admin-1' } as const;
/** The organisation's owner (companies, safeguarding): same password. */
export const MOCK_SUPER_ADMIN = { email: 'owner@example.com', password: MOCK_ADMIN.password } as const;

/** A fixed, valid v4 uuid per number, e.g. mockId(1) = 00000000-0000-4000-8000-000000000001. */
export function mockId(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export const ids = {
  company: mockId(1),
  sales: mockId(11),
  operations: mockId(12),
  accountManager: mockId(21),
  salesAssistant: mockId(22),
  operator: mockId(23),
  vacation: mockId(31),
  sickLeave: mockId(32),
  staffGroup: mockId(41),
  adminRole: mockId(51),
  employeeRole: mockId(52),
  adminUser: mockId(61),
  superAdminUser: mockId(62),
  employees: [mockId(101), mockId(102), mockId(103), mockId(104), mockId(105)],
} as const;

export interface Fixtures {
  companies: Company[];
  departments: Department[];
  jobTitles: JobTitle[];
  leaveTypes: LeaveType[];
  leaveGroups: LeaveGroup[];
  employees: Employee[];
  roles: Role[];
  users: User[];
  schedules: Schedule[];
  attendance: Attendance[];
  leaves: Leave[];
  settings: Settings;
  feedback: Feedback[];
  kioskDevices: KioskDevice[];
  signUpEnabled: boolean;
}

function isWeekend(date: string): boolean {
  const day = weekdayOf(date);
  return day === 'saturday' || day === 'sunday';
}

/** The working days (Monday–Friday) before `today`, newest first. */
function workingDaysBefore(today: string, count: number): string[] {
  const days: string[] = [];
  for (let offset = 1; days.length < count; offset += 1) {
    const date = addDays(today, -offset);
    if (!isWeekend(date)) days.push(date);
  }
  return days;
}

const people = [
  { firstName: 'Ana', lastName: 'Lima', gender: 'FEMALE', department: 'sales', jobTitle: 'accountManager', birthday: '1988-03-14' },
  { firstName: 'Bruno', lastName: 'Costa', gender: 'MALE', department: 'sales', jobTitle: 'salesAssistant', birthday: '1995-07-02' },
  { firstName: 'Carla', lastName: 'Diaz', gender: 'FEMALE', department: 'operations', jobTitle: 'operator', birthday: '1979-11-30' },
  { firstName: 'David', lastName: 'Evans', gender: 'MALE', department: 'operations', jobTitle: 'operator', birthday: '2001-01-21' },
  { firstName: 'Elena', lastName: 'Ferreira', gender: 'FEMALE', department: 'sales', jobTitle: 'salesAssistant', birthday: null },
] as const;

export function createFixtures(today: string): Fixtures {
  const stamp = `${addDays(today, -90)}T08:00:00.000Z`;
  const timestamps = { createdAt: stamp, updatedAt: stamp };
  const companyName = 'Acme Mock Ltd';
  const company: Company = { id: ids.company, name: companyName, ...timestamps };
  const department = (id: string, name: string): Department => ({ id, name, companyId: ids.company, companyName, ...timestamps });
  const departments = [department(ids.sales, 'Sales'), department(ids.operations, 'Operations')];
  const departmentName = (id: string) => departments.find((each) => each.id === id)?.name ?? '';
  const jobTitle = (id: string, name: string, departmentId: string): JobTitle => ({
    id,
    name,
    departmentId,
    departmentName: departmentName(departmentId),
    companyId: ids.company,
    companyName,
    ...timestamps,
  });
  const jobTitles = [
    jobTitle(ids.accountManager, 'Account manager', ids.sales),
    jobTitle(ids.salesAssistant, 'Sales assistant', ids.sales),
    jobTitle(ids.operator, 'Operator', ids.operations),
  ];
  const leaveTypes: LeaveType[] = [
    { id: ids.vacation, name: 'Vacation', companyId: ids.company, companyName, ...timestamps },
    { id: ids.sickLeave, name: 'Sick leave', companyId: ids.company, companyName, ...timestamps },
  ];
  const leaveGroups: LeaveGroup[] = [
    {
      id: ids.staffGroup,
      name: 'Staff',
      description: 'Every employee',
      privileges: leaveTypes.map(({ id, name }) => ({ id, name })),
      status: 'active',
      companyId: ids.company,
      companyName,
      ...timestamps,
    },
  ];

  const employees: Employee[] = people.map((person, index) => {
    const departmentId = ids[person.department];
    const jobTitleId = ids[person.jobTitle];
    const id = ids.employees[index] ?? mockId(100 + index);
    return {
      id,
      firstName: person.firstName,
      lastName: person.lastName,
      fullName: fullName(person),
      gender: person.gender,
      civilStatus: index % 2 === 0 ? 'MARRIED' : 'SINGLE',
      height: null,
      weight: null,
      email: `${person.firstName.toLowerCase()}.${person.lastName.toLowerCase()}@example.com`,
      phoneNumber: null,
      birthday: person.birthday,
      age: person.birthday ? Number(today.slice(0, 4)) - Number(person.birthday.slice(0, 4)) - (today.slice(5) < person.birthday.slice(5) ? 1 : 0) : null,
      nationalId: `N-${1001 + index}`,
      placeOfBirth: null,
      address: null,
      companyId: ids.company,
      companyName,
      departmentId,
      departmentName: departmentName(departmentId),
      jobTitleId,
      jobTitleName: jobTitles.find((each) => each.id === jobTitleId)?.name ?? '',
      leaveGroupId: ids.staffGroup,
      leaveGroupName: 'Staff',
      companyEmail: null,
      employmentType: index === 3 ? 'trainee' : 'regular',
      employmentStatus: 'active',
      officialStartDate: addDays(today, -365 * (index + 1)),
      dateRegularized: null,
      image: null,
      thumbnail: null,
      faceEnrolled: false,
      hasPin: true,
      rfidCard: null,
      createdAt: `${addDays(today, -30 + index * 5)}T09:00:00.000Z`,
      updatedAt: stamp,
    };
  });
  const first = employees[0] as Employee;

  const roles: Role[] = [
    { id: ids.adminRole, name: 'Admin', companyId: ids.company, userType: 'admin', permissions: everyPermission, system: true, ...timestamps },
    {
      id: ids.employeeRole,
      name: 'Employee',
      companyId: ids.company,
      userType: 'employee',
      permissions: { dashboard: ['read'], attendance: ['read'], schedule: ['read'], leave: ['read', 'create', 'update'], setting: ['read'] },
      system: true,
      ...timestamps,
    },
  ];
  const users: User[] = [
    {
      id: ids.adminUser,
      name: first.fullName,
      email: MOCK_ADMIN.email,
      image: null,
      accountType: 'Admin',
      type: 'admin',
      roleId: ids.adminRole,
      roleName: 'Admin',
      status: 'enabled',
      companyId: ids.company,
      employeeId: first.id,
      ...timestamps,
    },
    {
      id: ids.superAdminUser,
      name: 'Olivia Owner',
      email: MOCK_SUPER_ADMIN.email,
      image: null,
      accountType: 'SuperAdmin',
      type: 'admin',
      roleId: ids.adminRole,
      roleName: 'Admin',
      status: 'enabled',
      companyId: null,
      employeeId: null,
      ...timestamps,
    },
  ];

  const schedules: Schedule[] = employees.map((employee, index) => ({
    id: mockId(201 + index),
    employeeId: employee.id,
    employeeName: employee.fullName,
    companyId: ids.company,
    departmentId: employee.departmentId,
    startTime: '09:00:00.000Z',
    offTime: '17:00:00.000Z',
    totalHours: 7,
    overnight: false,
    restDays: ['saturday', 'sunday'],
    fromDate: addDays(today, -120),
    toDate: null,
    status: 'current',
    ...timestamps,
  }));

  // Four working days for everyone, one of them late; today: two in, one on a break, one gone.
  const attendance: Attendance[] = [];
  workingDaysBefore(today, 4).forEach((date, dayIndex) => {
    employees.forEach((employee, index) => {
      const late = (dayIndex + index) % 5 === 0;
      attendance.push({
        id: mockId(1000 + dayIndex * 10 + index),
        employeeId: employee.id,
        employeeName: employee.fullName,
        companyId: ids.company,
        departmentId: employee.departmentId,
        workDate: date,
        timeIn: `${date}T${late ? '09:20' : '08:55'}:00.000Z`,
        breakIn: `${date}T12:30:00.000Z`,
        breakOut: `${date}T13:30:00.000Z`,
        timeOut: `${date}T17:05:00.000Z`,
        totalHours: late ? 6.75 : 7.17,
        overtimeHours: 0,
        lateMinutes: late ? 20 : 0,
        arrivalStatus: late ? 'late arrival' : 'on time',
        departureStatus: 'on time',
        state: 'left',
        reason: null,
        // Now and then a kiosk was offline and replayed the day's punches later.
        recordedOffline: (dayIndex + index) % 7 === 3,
        updatedAt: `${date}T17:05:00.000Z`,
      });
    });
  });
  const todayStates = ['working', 'working', 'on-break', 'left'] as const;
  todayStates.forEach((state, index) => {
    const employee = employees[index] as Employee;
    attendance.push({
      id: mockId(1100 + index),
      employeeId: employee.id,
      employeeName: employee.fullName,
      companyId: ids.company,
      departmentId: employee.departmentId,
      workDate: today,
      timeIn: `${today}T${index === 1 ? '09:12' : '08:58'}:00.000Z`,
      breakIn: state === 'on-break' || state === 'left' ? `${today}T12:00:00.000Z` : null,
      breakOut: state === 'left' ? `${today}T12:30:00.000Z` : null,
      timeOut: state === 'left' ? `${today}T13:00:00.000Z` : null,
      totalHours: state === 'left' ? 3.5 : null,
      overtimeHours: 0,
      lateMinutes: index === 1 ? 12 : 0,
      arrivalStatus: index === 1 ? 'late arrival' : 'on time',
      departureStatus: state === 'left' ? 'early departure' : null,
      state,
      reason: null,
      recordedOffline: false,
      updatedAt: `${today}T12:30:00.000Z`,
    });
  });

  const leave = (n: number, employee: Employee, type: LeaveType, from: string, days: number, status: Leave['status']): Leave => ({
    id: mockId(n),
    employeeId: employee.id,
    employeeName: employee.fullName,
    companyId: ids.company,
    departmentId: employee.departmentId,
    leaveTypeId: type.id,
    leaveTypeName: type.name,
    from,
    to: addDays(from, days - 1),
    returnDate: addDays(from, days),
    reason: type.id === ids.vacation ? 'Family holiday' : 'Flu',
    workingDays: days,
    status,
    comment: status === 'pending' ? null : 'OK',
    decidedAt: status === 'pending' ? null : stamp,
    createdAt: stamp,
    updatedAt: stamp,
  });
  const [vacation, sick] = leaveTypes as [LeaveType, LeaveType];
  const leaves = [
    leave(301, employees[4] as Employee, vacation, addDays(today, 14), 5, 'pending'),
    leave(302, employees[2] as Employee, sick, addDays(today, -20), 2, 'approved'),
    leave(303, first, vacation, addDays(today, 30), 3, 'pending'),
  ];

  const settings: Settings = {
    country: 'UK',
    timezone: 'Europe/Lisbon',
    timeFormat: 1,
    peopleChooseTimeFormat: true,
    rfidClock: false,
    pinAfterCard: false,
    faceAtUnregisteredBrowsers: false,
    lateGraceMinutes: 0,
    overtimeBeforeShift: false,
    overtimeMinimumMinutes: 0,
    ipRestriction: '',
    companyId: null,
    customised: false,
    updatedAt: null,
  };

  const feedback: Feedback[] = [
    {
      id: mockId(401),
      category: 'idea',
      message: 'A darker theme for the kiosk, please.',
      page: '/dashboard',
      hasScreenshot: false,
      status: 'open',
      senderName: first.fullName,
      senderEmail: MOCK_ADMIN.email,
      companyId: ids.company,
      createdAt: stamp,
      resolvedAt: null,
    },
  ];
  const kioskDevices: KioskDevice[] = [
    {
      id: mockId(501),
      companyId: ids.company,
      name: 'Front door',
      createdAt: stamp,
      lastSeenAt: null,
      lastContactAt: null,
      clockOffsetMs: null,
      queueLength: null,
      revokedAt: null,
    },
  ];

  return {
    companies: [company],
    departments,
    jobTitles,
    leaveTypes,
    leaveGroups,
    employees,
    roles,
    users,
    schedules,
    attendance,
    leaves,
    settings,
    feedback,
    kioskDevices,
    signUpEnabled: false,
  };
}
