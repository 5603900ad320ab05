import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, formatMessage, localDateOf, weekdayOf, weekdays, type Weekday } from '../packages/contracts/src/index.ts';
import { portraitOf } from '../packages/face/src/testing.ts';
import { enPages, type PageMessages } from '../frontend/src/locales/en-pages.ts';
import { en, type Messages } from '../frontend/src/locales/en.ts';
import { esPages } from '../frontend/src/locales/es-pages.ts';
import { es } from '../frontend/src/locales/es.ts';
import { signInFast, useBrowser } from './support/browser.ts';
import { dateValueOf, fillDate } from './support/date-field.ts';

/**
 * Issue 17's journey on a product nobody has set up for this company: the HR admin (the seeded SuperAdmin) sets
 * up a company and its records in the browser, an employee with photo and PIN, their Employee account and an
 * overnight schedule; the employee clocks in at the kiosk and asks for three days' leave, which the admin finds on
 * the calendar and approves with a comment the employee then reads. Once in English with 24-hour times, once in
 * Spanish with 12-hour times, every label read from the SPA's own texts.
 */

const ZONE = 'Europe/Lisbon';
const STEP_MS = 180_000;
const browser = useBrowser({ timezoneId: ZONE });

let photoDir = '';
let photoPath = '';

beforeAll(async () => {
  photoDir = await mkdtemp(join(tmpdir(), 'ams-e2e-journey-'));
  photoPath = join(photoDir, 'portrait.jpg');
  await writeFile(photoPath, await portraitOf('sample1-left'));
});
afterAll(async () => {
  await rm(photoDir, { recursive: true, force: true });
});

/** Today in the company's zone. */
const todayInZone = () => localDateOf(Date.now(), ZONE);
/** Intl's spaces (a no-break one before 'p. m.') as plain spaces, runs of white space as one. */
const plain = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/**
 * The plan, read off today: the shift runs 22:00–06:00 and the days after tomorrow and the one after are rest
 * days, so today and yesterday (whose night shift may still be running: a check-in then is yesterday's) are working
 * days whatever the time (the kiosk takes a working day's check-in at any hour: attendance's work-day rules). The leave covers days 4 to 6 from today: three working days, back at work on day 7.
 */
function planOf(today: string) {
  const restDays = [weekdayOf(addDays(today, 2)), weekdayOf(addDays(today, 3))];
  return { restDays, leave: { from: addDays(today, 4), to: addDays(today, 6), returnDate: addDays(today, 7) } };
}

interface Run {
  language: 'en' | 'es';
  timeFormat: 1 | 2;
}

describe.each<Run>([
  { language: 'en', timeFormat: 1 },
  { language: 'es', timeFormat: 2 },
])('the journey of a new HR team in $language with time format $timeFormat', ({ language, timeFormat }) => {
  const texts: Messages & PageMessages = language === 'en' ? { ...en, ...enPages } : { ...es, ...esPages };
  const message = (key: Parameters<typeof formatMessage>[0]) => formatMessage(key, {}, language);
  const suffix = `${language}${Date.now().toString(36)}`;
  const names = {
    company: `Journey ${suffix}`,
    department: `Nights ${suffix}`,
    jobTitle: `Guard ${suffix}`,
    leaveType: `Vacation ${suffix}`,
    leaveGroup: `Night staff ${suffix}`,
  };
  const person = { firstName: 'Noa', lastName: `Vigil${suffix}`, email: `noa.${suffix}@example.com`, nationalId: `JNY-${suffix}`, pin: '975310' };
  const fullName = `${person.firstName} ${person.lastName}`;
  const PASSWORD = 'Journey-pass-1!';
  const COMMENT = `Enjoy the time off ${suffix}`;
  const plan = planOf(todayInZone());

  /** A wall-clock time as the settings show it: '22:00' (24-hour) or '10:00 p. m.' (12-hour, Spanish). */
  const wallTime = (hour: number) =>
    plain(
      new Intl.DateTimeFormat(language, {
        hour: timeFormat === 1 ? '2-digit' : 'numeric',
        minute: '2-digit',
        hourCycle: timeFormat === 1 ? 'h23' : 'h12',
        timeZone: 'UTC',
      }).format(Date.UTC(2000, 0, 1, hour)),
    );
  const shortWeekday = (day: Weekday) =>
    new Intl.DateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' }).format(Date.UTC(2026, 10, 23 + weekdays.indexOf(day)));
  const monthLabel = new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.parse(`${plan.leave.from}T00:00:00Z`));

  /** Every page of this run in its language (the stored choice, as the language menu leaves it). */
  async function inLanguage(): Promise<void> {
    await browser.context.addInitScript((chosen: string) => {
      localStorage.setItem('language', chosen);
    }, language);
  }

  async function asAdmin(): Promise<Page> {
    await signInFast(browser);
    await inLanguage();
    return browser.page;
  }

  async function expectToast(page: Page, text: string): Promise<void> {
    await expect.poll(() => page.getByTestId('toast').allTextContents(), { timeout: 30_000 }).toContainEqual(expect.stringContaining(text));
  }

  /** Adds a record on one of the organisation pages through its dialog. */
  async function addRecord(page: Page, path: string, name: string, fill: (dialog: Locator) => Promise<void> = async () => {}): Promise<void> {
    await page.goto(path);
    await page.getByTestId('add-record').click();
    const dialog = page.getByRole('dialog');
    await fill(dialog);
    await dialog.getByLabel(texts.organisation.fields.name, { exact: true }).fill(name);
    await dialog.getByRole('button', { name: texts.organisation.create, exact: true }).click();
    await page
      .getByTestId('records-table')
      .getByRole('row', { name: new RegExp(name) })
      .waitFor({ timeout: 30_000 });
  }

  describe.sequential('steps', () => {
    it(
      'sets up the company in the browser: its time zone and time format, then department, job title, leave type and leave group',
      async () => {
        const page = await asAdmin();
        await addRecord(page, '/company', names.company);

        // The company's own settings, so the other test files keep the organisation's.
        await page.goto('/setting');
        await page.getByTestId('settings-scope').selectOption({ label: names.company });
        const settings = page.getByTestId('localization-form');
        await settings.getByLabel(texts.settings.timezone).selectOption(ZONE);
        await settings.getByLabel(texts.settings.timeFormat).selectOption(String(timeFormat));
        await settings.getByRole('button', { name: texts.common.save }).click();
        await expectToast(page, message('settingsSaved'));

        const company = texts.organisation.fields.companyId;
        await addRecord(page, '/department', names.department, async (dialog) => {
          await dialog.getByLabel(company).selectOption({ label: names.company });
        });
        await addRecord(page, '/jobtitle', names.jobTitle, async (dialog) => {
          await dialog.getByLabel(company).selectOption({ label: names.company });
          await dialog.getByLabel(texts.organisation.fields.departmentId).selectOption({ label: names.department });
        });
        await addRecord(page, '/leavetype', names.leaveType, async (dialog) => {
          await dialog.getByLabel(company).selectOption({ label: names.company });
        });
        await addRecord(page, '/leavegroup', names.leaveGroup, async (dialog) => {
          await dialog.getByLabel(company).selectOption({ label: names.company });
          await dialog.getByLabel(texts.organisation.fields.description).fill('Who works at night');
          await dialog.getByLabel(names.leaveType).check();
        });
      },
      STEP_MS,
    );

    it(
      'creates the employee with photo and PIN, and an Employee account linked to them',
      async () => {
        const page = await asAdmin();
        const fields = texts.employees.fields;
        await page.goto('/employee-create');
        const form = page.getByTestId('employee-form');
        await form.getByLabel(fields.firstName).fill(person.firstName);
        await form.getByLabel(fields.lastName).fill(person.lastName);
        await form.getByLabel(fields.gender).selectOption('FEMALE');
        await form.getByLabel(fields.email, { exact: true }).fill(person.email);
        await form.getByLabel(fields.nationalId).fill(person.nationalId);
        await form.getByLabel(fields.companyId, { exact: true }).selectOption({ label: names.company });
        await form.getByLabel(fields.departmentId).selectOption({ label: names.department });
        await form.getByLabel(fields.jobTitleId).selectOption({ label: names.jobTitle });
        await form.getByLabel(fields.leaveGroupId).selectOption({ label: names.leaveGroup });
        await form.getByLabel(fields.employmentType).selectOption('regular');
        await form.getByLabel(fields.pin).fill(person.pin);
        await page.getByTestId('create-photo-input').setInputFiles(photoPath);
        await form.getByRole('button', { name: texts.employees.create }).click();
        // Enrolling the face is the slow part on a small machine.
        await page.waitForURL('**/employees', { timeout: 90_000 });
        await expectToast(page, texts.employees.createdWithPhoto);

        await page.goto('/users-create');
        const user = page.getByTestId('user-form');
        await user.getByLabel(texts.users.name, { exact: true }).fill(fullName);
        await user.getByLabel(texts.users.email, { exact: true }).fill(person.email);
        await user.getByLabel(texts.users.accountType).selectOption('Employee');
        await user.getByLabel(texts.users.company).selectOption({ label: names.company });
        await user.getByLabel(texts.users.role, { exact: true }).selectOption({ label: texts.accountTypes.Employee });
        // Identity learns of the new employee from people's events: the picker offers them a moment later.
        const picker = user.getByLabel(texts.users.employee);
        const option = `${fullName} · ${person.nationalId}`;
        await expect
          .poll(
            async () => {
              await user.getByTestId('employee-picker-search').fill('');
              await user.getByTestId('employee-picker-search').fill(person.lastName);
              await page.waitForTimeout(1_000);
              return picker.locator('option', { hasText: person.lastName }).count();
            },
            { timeout: 60_000 },
          )
          .toBe(1);
        await picker.selectOption({ label: option });
        await user.getByLabel(texts.users.password, { exact: true }).fill(PASSWORD);
        await user.getByLabel(texts.users.confirmPassword).fill(PASSWORD);
        await user.getByRole('button', { name: texts.users.create }).click();
        await page.waitForURL('**/users', { timeout: 30_000 });
        await page.getByTestId('users-table').getByText(person.email).waitFor();
      },
      STEP_MS,
    );

    it(
      'assigns an overnight shift with rest days that keep today working, listed in the time format',
      async () => {
        const page = await asAdmin();
        await page.goto('/schedule-create');
        const form = page.getByTestId('schedule-form');
        await form.getByTestId('employee-picker-search').fill(person.lastName);
        const option = `${fullName} · ${person.nationalId}`;
        const picker = form.getByLabel(texts.schedules.fields.employeeId, { exact: true });
        await picker.locator('option', { hasText: person.nationalId }).waitFor({ state: 'attached', timeout: 30_000 });
        await picker.selectOption({ label: option });
        await form.getByLabel(texts.schedules.fields.startTime, { exact: true }).fill('22:00');
        await form.getByLabel(texts.schedules.fields.offTime, { exact: true }).fill('06:00');
        expect(await form.getByLabel(texts.schedules.fields.totalHours, { exact: true }).inputValue()).toBe('8');
        await form.getByTestId('overnight-badge').waitFor();
        // Press exactly this run's rest days (a new schedule starts with the weekend pressed).
        const restDays = form.getByRole('group', { name: texts.schedules.fields.restDays });
        for (const day of weekdays) {
          const toggle = restDays.getByRole('button', { name: shortWeekday(day), exact: true });
          const wanted = String(plan.restDays.includes(day));
          if ((await toggle.getAttribute('aria-pressed')) !== wanted) await toggle.click();
          expect(await toggle.getAttribute('aria-pressed')).toBe(wanted);
        }
        await form.getByRole('button', { name: texts.schedules.create }).click();
        await page.waitForURL('**/schedule', { timeout: 30_000 });

        // The company's list: its times in its time format, the shift marked overnight.
        await page.getByTestId('schedule-company-filter').selectOption({ label: names.company });
        await page.getByTestId('schedule-search').fill(person.lastName);
        const row = page.getByTestId('schedule-table').getByRole('row').filter({ hasText: fullName });
        const restDayNames = weekdays.filter((day) => plan.restDays.includes(day)).map(shortWeekday);
        await expect
          .poll(async () => (await row.getByRole('cell').allTextContents()).map(plain), { timeout: 30_000 })
          .toEqual(
            expect.arrayContaining([
              `${wallTime(22)} – ${wallTime(6)} ${texts.schedules.overnight}`,
              restDayNames.join(', '),
              texts.schedules.statuses.current,
            ]),
          );
      },
      STEP_MS,
    );

    it(
      'lets the employee check in at the kiosk with national ID and PIN',
      async () => {
        const { page } = browser;
        await inLanguage();
        const checkIn = page.getByTestId('punch-check-in');
        // Attendance learns of the employee and the schedule from events: the kiosk offers the check-in once it has.
        await expect
          .poll(
            async () => {
              await page.goto('/clock');
              const form = page.getByTestId('clock-pin-form');
              await form.getByLabel(texts.clock.identifier).fill(person.nationalId);
              await form.getByLabel(texts.clock.pin).fill(person.pin);
              await form.getByRole('button', { name: texts.clock.continue }).click();
              await page.getByTestId('clock-identified').or(page.getByTestId('clock-notice')).first().waitFor({ timeout: 20_000 });
              await page.waitForTimeout(500);
              return checkIn.first().isVisible();
            },
            { timeout: 60_000, interval: 3_000 },
          )
          .toBe(true);
        expect(plain(await page.getByTestId('clock-employee').textContent())).toBe(fullName);
        await checkIn.first().click();
        const result = page.getByTestId('clock-result');
        await result.waitFor({ timeout: 30_000 });
        expect(plain(await result.textContent())).toBe(message('recorded'));
        expect(await result.getAttribute('data-outcome')).toBe('success');
      },
      STEP_MS,
    );

    it(
      'lets the employee sign in and request three working days of leave, counted as they type',
      async () => {
        const { page } = browser;
        await inLanguage();
        await page.goto('/sign-in');
        await page.getByLabel(texts.auth.email).fill(person.email);
        await page.getByLabel(texts.auth.password, { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: texts.auth.signIn, exact: true }).click();
        await page.waitForURL('**/personal/**', { timeout: 30_000 });

        await page.goto('/personal/leave');
        await page.getByTestId('request-leave').click();
        await page.waitForURL('**/personal/leave-create');
        const form = page.getByTestId('leave-form');
        await form.getByLabel(texts.leave.fields.leaveType).selectOption({ label: names.leaveType });
        await fillDate(form.getByLabel(texts.leave.fields.from, { exact: true }), plan.leave.from);
        await fillDate(form.getByLabel(texts.leave.fields.to, { exact: true }), plan.leave.to);
        const threeDays = texts.leave.form.workingDays_other.replace('{{count}}', '3');
        await expect.poll(() => form.getByTestId('live-working-days').textContent(), { timeout: 30_000 }).toBe(threeDays);
        expect(await dateValueOf(form.getByLabel(texts.leave.fields.returnDate))).toBe(plan.leave.returnDate);
        await form.getByLabel(texts.leave.fields.reason).fill('A few nights off');
        await form.getByRole('button', { name: texts.leave.form.send }).click();
        await page.waitForURL('**/personal/leave', { timeout: 30_000 });
        const row = page.getByTestId('my-leave-table').getByRole('row').filter({ hasText: names.leaveType });
        await row.waitFor();
        expect(plain(await row.textContent())).toContain(texts.leave.statuses.pending);
        expect(await row.getByRole('cell', { name: '3', exact: true }).count()).toBe(1);
      },
      STEP_MS,
    );

    it(
      'shows the admin the request on the leave calendar, where they open it and approve it with a comment',
      async () => {
        const page = await asAdmin();
        await page.goto('/leave-list');
        await page.getByTestId('leave-company-filter').selectOption({ label: names.company });
        await page.getByTestId('leave-tab-calendar').click();
        const heading = page.locator('#leave-calendar-month');
        await heading.waitFor();
        // The leave starts within the next week: this month or the next.
        for (let clicks = 0; clicks < 2 && plain(await heading.textContent()) !== monthLabel; clicks += 1) await page.getByTestId('calendar-next').click();
        await expect.poll(async () => plain(await heading.textContent())).toBe(monthLabel);
        const entries = page.getByTestId('leave-calendar').getByRole('table').getByTestId('calendar-entry').filter({ hasText: fullName });
        await expect.poll(() => entries.count(), { timeout: 30_000 }).toBeGreaterThan(0);
        expect(await entries.first().getAttribute('data-status')).toBe('pending');
        expect(plain(await entries.first().textContent())).toContain(texts.leave.statuses.pending);

        await entries.first().getByRole('link').click();
        await page.waitForURL('**/leave-edit/*');
        await page.getByTestId('leave-details').waitFor();
        expect(await page.getByTestId('leave-working-days').textContent()).toBe('3');
        await page.getByLabel(texts.leave.fields.comment).fill(COMMENT);
        await page.getByTestId('approve-leave').click();
        await page.waitForURL('**/leave-list*', { timeout: 30_000 });
        await expectToast(page, texts.leave.approved);
      },
      STEP_MS,
    );

    it(
      'shows the employee the approval and the comment in their leave',
      async () => {
        const { page } = browser;
        await signInFast(browser, person.email, PASSWORD);
        await inLanguage();
        await page.goto('/personal/leave');
        const row = page.getByTestId('my-leave-table').getByRole('row').filter({ hasText: names.leaveType });
        await expect.poll(async () => plain(await row.textContent()), { timeout: 30_000 }).toContain(texts.leave.statuses.approved);
        expect(plain(await row.textContent())).toContain(COMMENT);
      },
      STEP_MS,
    );
  });
});
