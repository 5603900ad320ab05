import type { Page } from 'playwright-core';
import { reportNames, type Attendance } from '../../packages/contracts/src/index.ts';
import { portraitOf } from '../../packages/face/src/testing.ts';
import { animationsSettled } from './axe.ts';
import { ApiClient } from './api.ts';
import { signInFast, startInLanguage, type BrowserTest } from './browser.ts';
import { createEmployee, createSchedule, createWorkplace, eventually, type NewEmployee } from './workplace.ts';

/**
 * Every page of the SPA that has a screen, with the dialogs and states it opens: the accessibility and layout
 * tests walk this list, so a new screen is checked by adding an entry.
 */

export type Account = 'visitor' | 'superAdmin' | 'admin' | 'employee';

/** The rows the screens show, set up by `seedScreens` (each run names its own). */
export interface ScreenData {
  suffix: string;
  companyId: string;
  /** An employee with a photo, a PIN, an all-day schedule, a recorded day and an Employee account. */
  employee: { id: string; fullName: string; lastName: string; nationalId: string; pin: string; email: string; password: string };
  /** An employee whose name is longer than any column is wide. */
  longNamed: { id: string; fullName: string };
  /** An Admin of the company (the built-in Admin role). */
  admin: { email: string; password: string; name: string };
  /** The employee's recorded day. */
  day: Attendance;
  role: { name: string };
  kioskName: string;
  /** The employee's all-day schedule. */
  scheduleId: string;
  /** A pending leave request of the employee. */
  leaveId: string;
}

export interface ScreenState {
  name: string;
  /** Opens the dialog or brings the page into the state, from the page as `ready` left it. */
  open: (page: Page, data: ScreenData) => Promise<void>;
}

export interface Screen {
  name: string;
  account: Account;
  path: (data: ScreenData) => string;
  /** Waits for the page's own content (beyond its heading), when it loads more. */
  ready?: (page: Page, data: ScreenData) => Promise<void>;
  states?: readonly ScreenState[];
}

const WORKDAY = '2026-01-12';
// Far enough ahead to stay pending on any date the suite runs.
const LEAVE_FROM = '2031-03-03';
const LEAVE_TO = '2031-03-04';
const LEAVE_RETURN = '2031-03-05';

/** The company, its people and records every screen shows. Slow (a face to enrol, events to arrive): once per file. */
export async function seedScreens(baseUrl: string): Promise<ScreenData> {
  const suffix = Date.now().toString(36);
  const api = ApiClient.admin(baseUrl);
  const workplace = await createWorkplace(api, `a11y ${suffix}`);
  const person: NewEmployee = {
    firstName: 'Alba',
    lastName: `Accesible${suffix}`,
    email: `alba.${suffix}@example.com`,
    nationalId: `A11Y-${suffix}`,
    pin: '135790',
  };
  const { id } = await createEmployee(api, workplace, person);
  const longName: NewEmployee = {
    firstName: 'Maximiliana Guadalupe Esperanza',
    lastName: `de la Santísima Trinidad Fernández-Villavicencio${suffix}`,
    email: `maxi.${suffix}@example.com`,
    nationalId: `A11Y-L-${suffix}`,
  };
  const longNamed = await createEmployee(api, workplace, longName);
  await createSchedule(api, id, '00:00:00.000Z', '23:59:00.000Z', 8);
  const photo = await fetch(`${baseUrl}/api/employees/${id}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await portraitOf('sample1-left')),
  });
  if (!photo.ok) throw new Error(`the photo was refused: ${photo.status} ${await photo.text()}`);

  // Attendance and identity learn of the employee from people's events, a moment later.
  const day = await eventually('attendance knowing the employee', () =>
    api.call<Attendance>('POST', 'attendance', {
      employeeId: id,
      workDate: WORKDAY,
      timeIn: `${WORKDAY}T09:05:00Z`,
      timeOut: `${WORKDAY}T17:00:00Z`,
      reason: 'Set up by the accessibility test',
    }),
  );
  // The attendance list shows the long name too: its column wraps rather than widening the table.
  await api.call<Attendance>('POST', 'attendance', {
    employeeId: longNamed.id,
    workDate: WORKDAY,
    timeIn: `${WORKDAY}T08:55:00Z`,
    timeOut: `${WORKDAY}T12:00:00Z`,
    reason: 'Set up by the accessibility test',
  });
  const password = 'Access-ible-pass-1!';
  const employeeRole = await api.roleNamed('Employee');
  const fullName = `${person.firstName} ${person.lastName}`;
  await eventually('identity knowing the employee', () =>
    api.createUser({
      name: fullName,
      email: person.email,
      accountType: 'Employee',
      roleId: employeeRole.id,
      password,
      companyId: workplace.companyId,
      employeeId: id,
    }),
  );
  const admin = { name: `Ada Admin ${suffix}`, email: `ada.${suffix}@example.com`, password };
  const adminRole = await api.roleNamed('Admin');
  await eventually('identity knowing the company', () =>
    api.createUser({ ...admin, accountType: 'Admin', roleId: adminRole.id, companyId: workplace.companyId }),
  );
  const scheduleId = (await api.call<{ items: Array<{ id: string }> }>('GET', `schedules?employeeId=${id}`)).items[0]?.id ?? '';
  // Leave knows the employee's leave group and schedule from events, a moment later.
  const asEmployee = await ApiClient.signIn(baseUrl, person.email, password);
  const [leaveType] = (await asEmployee.call<{ items: Array<{ id: string }> }>('GET', 'me/leave-types')).items;
  const leave = await eventually('leave knowing the employee', () =>
    asEmployee.call<{ id: string }>('POST', 'me/leaves', {
      leaveTypeId: leaveType?.id,
      from: LEAVE_FROM,
      to: LEAVE_TO,
      returnDate: LEAVE_RETURN,
      reason: 'Set up by the accessibility test',
    }),
  );
  const role = await api.createRole(`Readers ${suffix}`, 'admin', { dashboard: ['read'], employee: ['read'] });
  // In a company of its own: a company with a registered kiosk clocks only there, and the kiosk page clocks Alba.
  const kioskName = `Front desk ${suffix}`;
  // Attendance learns of a company with its first employee.
  const kioskPlace = await createWorkplace(api, `a11y kiosks ${suffix}`);
  await createEmployee(api, kioskPlace, { firstName: 'Kim', lastName: `Kiosk${suffix}`, email: `kim.${suffix}@example.com`, nationalId: `A11Y-K-${suffix}` });
  await eventually('attendance knowing the company', () => api.call('POST', 'kiosk-devices', { name: kioskName, companyId: kioskPlace.companyId }));
  return {
    suffix,
    companyId: workplace.companyId,
    employee: { id, fullName, lastName: person.lastName, nationalId: person.nationalId, pin: person.pin ?? '', email: person.email, password },
    longNamed: { id: longNamed.id, fullName: `${longName.firstName} ${longName.lastName}` },
    admin,
    day,
    role: { name: role.name },
    kioskName,
    scheduleId,
    leaveId: leave.id,
  };
}

/** Starts the browser as the account, in English unless told (the texts the states below look for are English). */
export async function startAs(test: BrowserTest, account: Account, data: ScreenData, language: 'en' | 'es' = 'en'): Promise<void> {
  if (account === 'superAdmin') await signInFast(test);
  if (account === 'admin') await signInFast(test, data.admin.email, data.admin.password);
  if (account === 'employee') await signInFast(test, data.employee.email, data.employee.password);
  await startInLanguage(test, language);
}

/** Opens a page and waits for its heading and data (in either language: the pages' `ready` look for no text of theirs). */
export async function openScreen(page: Page, screen: Screen, data: ScreenData): Promise<void> {
  await page.goto(screen.path(data));
  await page.locator('h1:visible').first().waitFor();
  await page.waitForLoadState('networkidle');
  await screen.ready?.(page, data);
  // Spinners of queries that started late.
  await page
    .locator('.loading:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

async function openDialog(page: Page, opener: () => Promise<void>): Promise<void> {
  await opener();
  await page.locator('dialog[open]').last().waitFor();
  await animationsSettled(page);
}

const byName = (page: Page, role: 'button' | 'link' | 'checkbox' | 'tab', name: string | RegExp) => page.getByRole(role, { name }).first();

const themePanel: ScreenState = { name: 'theme panel', open: (page) => openDialog(page, () => page.getByTestId('theme-button').first().click()) };
const userMenu: ScreenState = {
  name: 'user menu open',
  open: async (page) => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').waitFor();
  },
};
const shellStates = [themePanel, userMenu] as const;

function deleteConfirm(name: string, button: (data: ScreenData) => RegExp | string): ScreenState {
  return { name, open: (page, data) => openDialog(page, () => byName(page, 'button', button(data)).click()) };
}

async function identifyAtKiosk(page: Page, data: ScreenData, pin: string): Promise<void> {
  const form = page.getByTestId('clock-pin-form');
  await form.getByLabel('National ID or email').fill(data.employee.nationalId);
  await form.getByLabel('PIN').fill(pin);
  await form.getByRole('button', { name: 'Continue' }).click();
}

const recordForm = (label: string): ScreenState => ({ name: `${label} form`, open: (page) => openDialog(page, () => page.getByTestId('add-record').click()) });

/** The nine report pages as the company's Admin sees them (their own company's rows), over the seeded work day where a period applies. */
function reportScreens(): Screen[] {
  const period = new Set(['attendance-overtime', 'consolidated-overtime', 'employee-attendance']);
  return reportNames.map((name) => ({
    name: `report ${name}`,
    account: 'admin',
    path: () => (period.has(name) ? `/reports/${name}?from=${WORKDAY}&to=${WORKDAY}` : `/reports/${name}`),
    ready: async (page) => {
      await page
        .locator('[data-testid="report-table"], [data-testid="report-companies"]')
        .or(page.getByText(/^(Nothing to report for these filters\.|No hay nada que informar con estos filtros\.)$/))
        .first()
        .waitFor();
      // Charts draw once Chart.js has loaded.
      await page.waitForLoadState('networkidle');
    },
  }));
}

export const screens: readonly Screen[] = [
  { name: 'sign-in', account: 'visitor', path: () => '/sign-in', states: [themePanel] },
  {
    name: 'kiosk',
    account: 'visitor',
    path: () => '/clock',
    states: [
      themePanel,
      {
        name: 'kiosk wrong PIN',
        open: async (page, data) => {
          await identifyAtKiosk(page, data, '999999');
          await page.getByTestId('clock-notice').waitFor();
        },
      },
      {
        name: 'kiosk PIN accepted',
        open: async (page, data) => {
          await identifyAtKiosk(page, data, data.employee.pin);
          await page.getByTestId('clock-identified').waitFor();
        },
      },
      {
        name: 'kiosk result',
        open: async (page, data) => {
          await identifyAtKiosk(page, data, data.employee.pin);
          // The kiosk offers only the punches valid now: each mode records the next one (check in, break in, break out).
          await page.locator('[data-testid^="punch-"]').first().click();
          await page.getByTestId('clock-result').waitFor();
        },
      },
    ],
  },
  { name: 'access denied', account: 'visitor', path: () => '/access-denied' },
  {
    name: 'dashboard',
    account: 'superAdmin',
    path: () => '/dashboard',
    states: [
      ...shellStates,
      {
        name: 'navigation drawer',
        open: async (page) => {
          await page.setViewportSize({ width: 800, height: 800 });
          await openDialog(page, () => page.getByTestId('menu-toggle').click());
        },
      },
    ],
  },
  { name: 'dashboard (Admin)', account: 'admin', path: () => '/dashboard' },
  {
    name: 'employees',
    account: 'superAdmin',
    path: () => '/employees',
    ready: async (page, data) => {
      await page.getByTestId('employee-search').fill(data.suffix);
      await page.getByText(data.employee.lastName).first().waitFor();
    },
    states: [
      {
        name: 'bulk delete confirmation',
        open: async (page, data) => {
          await byName(page, 'checkbox', `Select ${data.employee.fullName}`).check();
          await openDialog(page, () => page.getByTestId('bulk-delete').click());
        },
      },
    ],
  },
  { name: 'employees (Admin)', account: 'admin', path: () => '/employees', ready: (page, data) => page.getByText(data.employee.lastName).first().waitFor() },
  { name: 'employee form', account: 'superAdmin', path: () => '/employee-create' },
  {
    name: 'employee edit form',
    account: 'superAdmin',
    path: (data) => `/employee-edit/${data.employee.id}`,
    ready: (page) => page.locator('input[name="firstName"]').waitFor(),
  },
  {
    name: 'employee details',
    account: 'superAdmin',
    path: (data) => `/employee-details/${data.employee.id}`,
    ready: (page) => page.getByTestId('employee-details').waitFor(),
    states: [deleteConfirm('remove photo confirmation', () => 'Remove photo'), deleteConfirm('remove PIN confirmation', () => 'Remove PIN')],
  },
  {
    name: 'attendance',
    account: 'superAdmin',
    path: () => '/attendance',
    ready: async (page, data) => {
      // Both of this run's people: the long name must wrap within its column.
      await page.getByTestId('attendance-search').fill(data.suffix);
      await page.getByText(data.employee.fullName).first().waitFor();
      await page.getByText(data.longNamed.fullName).first().waitFor();
    },
    states: [
      deleteConfirm('attendance history', (data) => new RegExp(`History of ${data.employee.fullName}`)),
      deleteConfirm('attendance delete confirmation', (data) => new RegExp(`Delete ${data.employee.fullName}`)),
    ],
  },
  { name: 'attendance form', account: 'superAdmin', path: () => '/attendance-create' },
  {
    name: 'attendance edit form',
    account: 'superAdmin',
    path: (data) => `/attendance-edit/${data.day.id}`,
    ready: (page) => page.locator('textarea[name="reason"]').waitFor(),
  },
  {
    name: 'users',
    account: 'superAdmin',
    path: () => '/users',
    ready: (page, data) => page.getByText(data.admin.name).first().waitFor(),
    states: [
      deleteConfirm('user delete confirmation', (data) => `Delete ${data.admin.name}`),
      {
        name: 'roles',
        open: async (page, data) => {
          await byName(page, 'tab', 'Roles').click();
          await page.getByText(data.role.name).first().waitFor();
        },
      },
      {
        name: 'role delete confirmation',
        open: async (page, data) => {
          await byName(page, 'tab', 'Roles').click();
          await openDialog(page, () => byName(page, 'button', `Delete ${data.role.name}`).click());
        },
      },
      {
        name: 'role editor',
        open: async (page) => {
          await byName(page, 'tab', 'Roles').click();
          await page.getByTestId('add-role').click();
          await page.getByRole('checkbox').first().waitFor();
        },
      },
    ],
  },
  {
    name: 'schedules',
    account: 'superAdmin',
    path: () => '/schedule',
    ready: async (page, data) => {
      await page.getByTestId('schedule-search').fill(data.employee.lastName);
      await page.getByText(data.employee.fullName).first().waitFor();
    },
    states: [deleteConfirm('schedule end confirmation', (data) => `End schedule of ${data.employee.fullName}`)],
  },
  { name: 'schedule form', account: 'superAdmin', path: () => '/schedule-create' },
  {
    name: 'schedule edit form',
    account: 'superAdmin',
    path: (data) => `/schedule-edit/${data.scheduleId}`,
    ready: (page) => page.getByTestId('schedule-form').waitFor(),
  },
  {
    name: 'leave list',
    account: 'superAdmin',
    path: () => '/leave-list',
    ready: async (page, data) => {
      await page.getByTestId('leave-search').fill(data.employee.lastName);
      await page.getByTestId('leave-table').getByText(data.employee.fullName).first().waitFor();
    },
    states: [
      {
        name: 'leave calendar',
        open: async (page) => {
          await page.getByTestId('leave-tab-calendar').click();
          await page.getByTestId('leave-calendar').waitFor();
        },
      },
    ],
  },
  { name: 'leave review', account: 'superAdmin', path: (data) => `/leave-edit/${data.leaveId}`, ready: (page) => page.getByTestId('leave-details').waitFor() },
  { name: 'user form', account: 'superAdmin', path: () => '/users-create' },
  { name: 'users (Admin)', account: 'admin', path: () => '/users' },
  {
    name: 'settings',
    account: 'superAdmin',
    path: () => '/setting',
    ready: (page, data) => page.getByText(data.kioskName).first().waitFor(),
    states: [
      deleteConfirm('kiosk revoke confirmation', (data) => `Revoke ${data.kioskName}`),
      {
        name: 'about licence and attributions open',
        open: async (page) => {
          await page.getByTestId('about-licence').or(page.getByText('Licence (MIT)')).first().waitFor();
          await page.getByText('Licence (MIT)').click();
          await page.getByTestId('attributions-spa').locator('summary').click();
          await page.getByTestId('attributions-models').locator('summary').click();
        },
      },
    ],
  },
  { name: 'settings (Admin)', account: 'admin', path: () => '/setting' },
  {
    name: 'companies',
    account: 'superAdmin',
    path: () => '/company',
    states: [recordForm('company'), deleteConfirm('company delete confirmation', () => /^Delete /)],
  },
  { name: 'departments', account: 'superAdmin', path: () => '/department', states: [recordForm('department')] },
  { name: 'job titles', account: 'superAdmin', path: () => '/jobtitle', states: [recordForm('job title')] },
  { name: 'leave types', account: 'superAdmin', path: () => '/leavetype', states: [recordForm('leave type')] },
  { name: 'leave groups', account: 'superAdmin', path: () => '/leavegroup', states: [recordForm('leave group')] },
  { name: 'account settings', account: 'superAdmin', path: () => '/account-setting' },
  { name: 'reports', account: 'admin', path: () => '/reports' },
  ...reportScreens(),
  { name: 'personal dashboard', account: 'employee', path: () => '/personal/dashboard', states: shellStates },
  { name: 'my attendance', account: 'employee', path: () => '/personal/attendance' },
  { name: 'my schedule', account: 'employee', path: () => '/personal/schedule' },
  {
    name: 'my leave',
    account: 'employee',
    path: () => '/personal/leave',
    ready: (page) => page.getByTestId('my-leave-table').waitFor(),
    states: [deleteConfirm('leave withdraw confirmation', () => /^Withdraw/)],
  },
  { name: 'leave request form', account: 'employee', path: () => '/personal/leave-create', ready: (page) => page.getByTestId('leave-form').waitFor() },
  {
    name: 'leave edit form',
    account: 'employee',
    path: (data) => `/personal/leave-edit/${data.leaveId}`,
    ready: (page) => page.getByTestId('leave-form').waitFor(),
  },
  { name: 'my account settings', account: 'employee', path: () => '/personal/account-setting' },
  {
    name: 'my settings',
    account: 'employee',
    path: () => '/personal/setting',
    ready: (page) => page.getByTestId('my-pin-form').waitFor(),
    states: [
      {
        name: 'discard confirmation',
        open: (page) =>
          openDialog(page, async () => {
            await page.getByTestId('my-pin-form').getByLabel('Current PIN').fill('1');
            await page.getByRole('link', { name: 'My Leave' }).first().click();
          }),
      },
    ],
  },
  { name: 'personal dashboard (Admin)', account: 'admin', path: () => '/personal/dashboard' },
];

export type Mode = 'light' | 'dark' | 'rtl';
export const modes: readonly Mode[] = ['light', 'dark', 'rtl'];

/** The spec §3 theme preference in local storage, before the SPA reads it. */
export async function chooseMode(test: BrowserTest, mode: Mode): Promise<void> {
  await test.context.addInitScript((chosen: Mode) => {
    if (localStorage.getItem('theme') !== null) return;
    localStorage.setItem('theme', JSON.stringify({ mode: chosen === 'dark' ? 'dark' : 'light', direction: chosen === 'rtl' ? 'rtl' : 'ltr' }));
  }, mode);
}
