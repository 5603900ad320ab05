import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { forgetSession, renderApp, signInAs } from '../render-app';
import { MOCK_ADMIN } from './fixtures';
import { problem } from './handlers';
import { createMockApiServer } from './node';

const mock = createMockApiServer();

beforeAll(() => mock.server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => mock.reset());
afterEach(() => forgetSession());
afterAll(() => mock.server.close());

/** The Admin opens the departments, adds one by its dialog and presses Create. */
async function addDepartment(name: string): Promise<void> {
  signInAs(mock.db, MOCK_ADMIN.email);
  await renderApp('/department');
  const user = userEvent.setup();
  await user.click(await screen.findByTestId('add-record'));
  const dialog = await screen.findByTestId('record-form');
  await user.type(await within(dialog).findByLabelText('Name', { exact: true }), name);
  await user.click(within(dialog).getByRole('button', { name: 'Create' }));
}

describe('the SPA against the mock API', () => {
  it('signs the fixture Admin in through the sign-in form and opens the dashboard', async () => {
    await renderApp('/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), MOCK_ADMIN.email);
    await user.type(screen.getByLabelText('Password'), MOCK_ADMIN.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(window.location.pathname).toBe('/dashboard'));
    expect(await screen.findAllByText('Elena Ferreira')).not.toHaveLength(0);
  });

  it("shows the sign-in form's error for a wrong password", async () => {
    await renderApp('/sign-in');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), MOCK_ADMIN.email);
    await user.type(screen.getByLabelText('Password'), 'not-the-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('sign-in-error')).textContent).toBe('Invalid email or password');
  });

  it("lists the fixture's employees", async () => {
    signInAs(mock.db, MOCK_ADMIN.email);
    await renderApp('/employees');
    const table = await screen.findByTestId('employees-table');
    for (const name of ['Lima', 'Costa', 'Diaz', 'Evans', 'Ferreira']) expect(await within(table).findByText(new RegExp(name))).toBeTruthy();
  });

  it('creates a department through its form and lists it', async () => {
    await addDepartment('Finance');
    expect(await within(await screen.findByTestId('records-table')).findByText('Finance')).toBeTruthy();
    expect(mock.db.departments.map((department) => department.name)).toContain('Finance');
  });

  it("shows the spec's message when the API refuses a new department with 409", async () => {
    mock.server.use(http.post('*/api/departments', () => problem(409, 'aDepartmentWithThisNameAlreadyExists')));
    // A name the mock itself would accept: only the override refuses it.
    await addDepartment('Finance');
    expect(await screen.findByText('A department with this name already exists in this company')).toBeTruthy();
    expect(mock.db.departments).toHaveLength(2);
  });

  it('marks the day a kiosk recorded offline, by name, in the attendance list and the attendance-overtime report', async () => {
    const today = mock.db.attendance.filter((day) => day.workDate === mock.db.today);
    for (const day of mock.db.attendance) day.recordedOffline = false;
    const offline = today[0];
    if (!offline) throw new Error('the fixture has no day today');
    offline.recordedOffline = true;
    signInAs(mock.db, MOCK_ADMIN.email);

    await renderApp('/attendance');
    const list = await screen.findByTestId('attendance-table');
    const listed = await within(list).findAllByText('Recorded offline');
    expect(listed).toHaveLength(1);
    expect(listed[0]?.closest('tr')?.textContent).toContain(offline.employeeName);
    forgetSession();

    signInAs(mock.db, MOCK_ADMIN.email);
    await renderApp(`/reports/attendance-overtime?from=${mock.db.today}&to=${mock.db.today}`);
    const report = await screen.findByTestId('report-table');
    const rows = await within(report).findAllByText('Recorded offline');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.closest('tr')?.textContent).toContain(offline.employeeName);
  });
});
