import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { signInFast, useBrowser } from './support/browser.ts';
import { swipeCard } from './support/card-reader.ts';
import { createEmployee, createSchedule, createWorkplace, eventually, type Workplace } from './support/workplace.ts';

const browser = useBrowser();

// The product's data outlives a file: names and numbers of its own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const PIN = '531864';
const cardOnly = {
  firstName: 'Rita',
  lastName: `Tarjeta${suffix}`,
  email: `rita.${suffix}@example.com`,
  nationalId: `RF1-${suffix}`,
  pin: PIN,
  rfidCard: `${Date.now()}`,
};
const cardAndPin = {
  firstName: 'Iker',
  lastName: `Lector${suffix}`,
  email: `iker.${suffix}@example.com`,
  nationalId: `RF2-${suffix}`,
  pin: PIN,
  rfidCard: `9${Date.now()}`,
};
let firstCompany: Workplace;
let secondCompany: Workplace;
let ritaId: string;

async function identifyCard(body: { card: string; pin?: string }): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${browser.baseUrl}/api/clock/identify/card`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Two companies taking cards, the second asking for the PIN after one; an employee with a card in each, scheduled all day. */
beforeAll(async () => {
  const api = ApiClient.admin(browser.baseUrl);
  firstCompany = await createWorkplace(api, `rfid ${suffix}`);
  secondCompany = await createWorkplace(api, `rfid pin ${suffix}`);
  await api.call('PUT', 'settings', { companyId: firstCompany.companyId, rfidClock: true });
  await api.call('PUT', 'settings', { companyId: secondCompany.companyId, rfidClock: true, pinAfterCard: true });
  ritaId = (await createEmployee(api, firstCompany, cardOnly)).id;
  const iker = await createEmployee(api, secondCompany, cardAndPin);
  await createSchedule(api, ritaId, '00:00:00.000Z', '23:59:00.000Z', 8);
  await createSchedule(api, iker.id, '00:00:00.000Z', '23:59:00.000Z', 8);
  // Attendance learns of the employees, their cards and the settings from events: wait until the kiosk knows them.
  await eventually('the kiosk knowing Rita’s card', async () => {
    const answer = await identifyCard({ card: cardOnly.rfidCard });
    if (answer.status !== 200 || (answer.body['allowedActions'] as unknown[]).length === 0) throw new Error(JSON.stringify(answer));
  });
  await eventually('the kiosk asking for Iker’s PIN', async () => {
    const answer = await identifyCard({ card: cardAndPin.rfidCard });
    if (answer.body['pinRequired'] !== true) throw new Error(JSON.stringify(answer));
  });
}, 90_000);

/** The kiosk in English, with the shared SuperAdmin signed in on this browser (the kiosk's answers must not sign them out). */
async function openKiosk(page: Page): Promise<void> {
  await browser.context.addInitScript(() => localStorage.setItem('language', 'en'));
  await signInFast(browser);
  await page.goto('/clock');
  // The kiosk listens for cards once it knows that a company takes them, and says so.
  await page.getByTestId('clock-card-hint').waitFor();
}

describe.sequential('the RFID clock at the kiosk (simulated USB reader)', () => {
  it('identifies the holder of a card typed by a reader into the ID field, and offers the punches their day allows', async () => {
    const { page } = browser;
    await openKiosk(page);
    expect(await page.getByTestId('clock-card-hint').textContent()).toBe('Or hold your card to the reader.');
    await swipeCard(page, cardOnly.rfidCard);
    const identified = page.getByTestId('clock-identified');
    await identified.waitFor();
    expect(await identified.textContent()).toBe('Card accepted!');
    expect(await page.getByTestId('clock-employee').textContent()).toBe(`${cardOnly.firstName} ${cardOnly.lastName}`);
    await page.getByTestId('punch-check-in').waitFor();
    await expectNoAxeViolations(page, 'clock identified by card');
    await page.getByTestId('punch-check-in').click();
    expect(await page.getByTestId('clock-result').getAttribute('data-outcome')).toBe('success');
  });

  it('does not take a person typing a number at human speed for a card: their Enter submits the ID and PIN form', async () => {
    const { page } = browser;
    await openKiosk(page);
    await page.keyboard.type(cardOnly.rfidCard, { delay: 120 });
    await page.keyboard.press('Enter');
    // The form was sent without a PIN: its own message, and no card was read.
    await page.getByTestId('clock-pin-form').getByText('Enter your PIN').waitFor();
    expect(await page.getByTestId('clock-identified').count()).toBe(0);
  });

  it('asks for the PIN after the card where the company wants it, refuses a wrong one and identifies with the right one', async () => {
    const { page } = browser;
    await openKiosk(page);
    await swipeCard(page, cardAndPin.rfidCard);
    const form = page.getByTestId('clock-card-pin-form');
    await form.getByText('Card read. Enter your PIN to continue.').waitFor();
    await expectNoAxeViolations(page, 'clock PIN after card');
    await form.getByLabel('PIN').fill('000000');
    await form.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => form.getByTestId('clock-notice').textContent()).toBe('Wrong card or PIN');
    await form.getByLabel('PIN').fill(PIN);
    await form.getByRole('button', { name: 'Continue' }).click();
    await page.getByTestId('clock-identified').waitFor();
    expect(await page.getByTestId('clock-employee').textContent()).toBe(`${cardAndPin.firstName} ${cardAndPin.lastName}`);
    expect(await page.getByTestId('clock-identified').textContent()).toBe('Card accepted!');
  });
});

describe.sequential('the optional features section and the employee’s card', () => {
  async function openSettings(page: Page, language: 'en' | 'es'): Promise<void> {
    await browser.context.addInitScript((chosen) => localStorage.setItem('language', chosen), language);
    await signInFast(browser);
    await page.goto('/setting');
    await page.getByTestId('optional-features-scope').selectOption({ value: firstCompany.companyId });
  }

  it('lists the switches with a line on each, in English, and saves the PIN after a card for a company', async () => {
    const { page } = browser;
    await openSettings(page, 'en');
    const section = page.getByTestId('optional-features');
    await section.getByRole('heading', { name: 'Optional features' }).waitFor();
    const form = section.getByTestId('optional-features-form');
    await expect.poll(() => form.getByRole('checkbox', { name: /^RFID clock/ }).isChecked()).toBe(true);
    for (const text of [
      'Self sign-up',
      'RFID clock',
      'Lets employees clock in and out with an RFID card.',
      'Ask for the PIN after a card',
      'A card can be lost or lent',
      'Face recognition at any browser',
    ]) {
      await section.getByText(text, { exact: false }).first().waitFor();
    }
    await expectNoAxeViolations(page, 'settings optional features');
    const pinAfterCard = form.getByRole('checkbox', { name: /^Ask for the PIN after a card/ });
    await pinAfterCard.check();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved successfully!' }).waitFor();
    await eventually('the kiosk asking for Rita’s PIN', async () => {
      const answer = await identifyCard({ card: cardOnly.rfidCard });
      if (answer.body['pinRequired'] !== true) throw new Error(JSON.stringify(answer));
    });
    // Off again; and with the RFID clock off, the PIN after a card cannot be switched.
    await page.reload();
    await page.getByTestId('optional-features-scope').selectOption({ value: firstCompany.companyId });
    await expect.poll(() => form.getByRole('checkbox', { name: /^Ask for the PIN after a card/ }).isChecked()).toBe(true);
    await form.getByRole('checkbox', { name: /^Ask for the PIN after a card/ }).uncheck();
    await form.getByRole('checkbox', { name: /^RFID clock/ }).uncheck();
    expect(await form.getByRole('checkbox', { name: /^Ask for the PIN after a card/ }).isDisabled()).toBe(true);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved successfully!' }).waitFor();
    await eventually('the kiosk refusing Rita’s card', async () => {
      const answer = await identifyCard({ card: cardOnly.rfidCard });
      if (answer.body['messageKey'] !== 'rfidClockOff') throw new Error(JSON.stringify(answer));
    });
  });

  it('shows the section in Spanish', async () => {
    const { page } = browser;
    await openSettings(page, 'es');
    const section = page.getByTestId('optional-features');
    await section.getByRole('heading', { name: 'Funciones opcionales' }).waitFor();
    for (const text of [
      'Registro abierto',
      'Reloj RFID',
      'Pedir el PIN después de la tarjeta',
      'Una tarjeta puede perderse o prestarse',
      'Reconocimiento facial en cualquier navegador',
    ]) {
      await section.getByText(text, { exact: false }).first().waitFor();
    }
    await expectNoAxeViolations(page, 'settings optional features (es)');
  });

  it('shows the employee’s RFID card on their details page and refuses a card another employee of the company holds', async () => {
    const { page } = browser;
    await browser.context.addInitScript(() => localStorage.setItem('language', 'en'));
    await signInFast(browser);
    await page.goto(`/employee-details/${ritaId}`);
    await page.getByText(cardOnly.rfidCard, { exact: true }).waitFor();
    const api = ApiClient.admin(browser.baseUrl);
    const clash = await api
      .call('POST', 'employees', {
        ...cardOnly,
        email: `other.${suffix}@example.com`,
        nationalId: `RF3-${suffix}`,
        gender: 'FEMALE',
        employmentType: 'regular',
        ...firstCompany,
      })
      .then(
        () => 'created',
        (error: unknown) => String(error),
      );
    expect(clash).toMatch(/409|Another employee of this company already has this RFID card/);
  });
});
