/** The groups the API's routes are documented under (OpenAPI tags), each with what it covers. */
export const apiTags = {
  session: 'Signing in and out, and self sign-up',
  account: "The signed-in user's own account and password",
  settings: 'Organisation and company settings, self sign-up and the registered kiosks',
  users: 'User accounts, each with an account type, a role and a company',
  roles: 'Roles: the permissions a user holds',
  companies: 'Companies, the boundary of what an Admin sees',
  departments: "A company's departments",
  'job titles': 'Job titles within departments',
  'leave types': 'Kinds of leave employees may request',
  'leave groups': 'Groups of employees sharing the leave types they may take',
  employees: 'Employees, their photos, face enrolment and clock PINs',
  schedules: 'Work schedules: shift times and rest days, with their history',
  leaves: 'Leave requests and their approval',
  attendance: 'Work days, corrections and their history, presence',
  clock: 'The kiosk: identify by face or PIN, then clock with the ticket',
  reports: 'Reports computed from every service’s events: attendance, overtime, absences and leave',
  dashboards: 'The admin and personal dashboards',
  legal: 'The legal notice: terms and conditions, privacy policy',
  feedback: 'Feedback users send from the app, and its resolution',
} as const;

export type ApiTag = keyof typeof apiTags;
