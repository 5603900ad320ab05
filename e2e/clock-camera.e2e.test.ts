import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { formatMessage } from '../packages/contracts/src/index.ts';
import { movingFramesOf, portraitOf } from '../packages/face/src/testing.ts';
import { ApiClient } from './support/api.ts';
import { signInFast, useBrowser, type BrowserTest } from './support/browser.ts';
import { fakeCameraArgs, writeMovingFaceCamera } from './support/fake-camera.ts';
import { createEmployee, createSchedule, createWorkplace, eventually } from './support/workplace.ts';

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const employee = { firstName: 'Lucía', lastName: `Cámara${suffix}`, email: `lucia.${suffix}@example.com`, nationalId: `CAM-${suffix}` };
const fullName = `${employee.firstName} ${employee.lastName}`;
/** Real photos of two different women (packages/face's samples): one is enrolled, the other nobody here. */
const ENROLLED = 'sample1-left';
const STRANGER = 'sample5-top';
// Chromium's fake camera plays a file: one per browser, written before the browsers start. Each is a clip of
// the person swaying a little, since the kiosk refuses a face that does not move.
const enrolledCamera = join(tmpdir(), `ams-e2e-camera-${suffix}-enrolled.y4m`);
const strangerCamera = join(tmpdir(), `ams-e2e-camera-${suffix}-stranger.y4m`);
const companyName = `Works camera ${suffix}`;
let companyId = '';
/** A burst of the enrolled employee as the kiosk sends it (JSON). */
let enrolledBurst = '';

function identifyEnrolled(token: string | null): Promise<Response> {
  return fetch(`${inject('baseUrl')}/api/clock/identify/face`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'x-kiosk-token': token } : {}) },
    body: enrolledBurst,
  });
}

/** Until attendance, which learns of the face from people's events, recognises a burst of her at this client. */
async function untilRecognised(token: string | null): Promise<void> {
  await eventually(
    'the kiosk recognising the enrolled face',
    async () => {
      const response = await identifyEnrolled(token);
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    },
    { tries: 30, delayMs: 1_000 },
  );
}

let registering: Promise<string> | null = null;

/**
 * The company's registered kiosk, registered on first use (the tests at unregistered browsers come first: once
 * a company has a registered kiosk, its employees are identified only there). Resolves to its token.
 */
function kioskToken(): Promise<string> {
  registering ??= (async () => {
    const api = ApiClient.admin(inject('baseUrl'));
    const { token } = await api.call<{ token: string }>('POST', 'kiosk-devices', { name: `Camera door ${suffix}`, companyId });
    await untilRecognised(token);
    return token;
  })();
  return registering;
}

/**
 * The camera files, and an employee on an all-day schedule whose photo (a portrait of the enrolled sample
 * person) enrols her face; her company has no registered kiosk yet.
 */
beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  await Promise.all([writeMovingFaceCamera(enrolledCamera, ENROLLED), writeMovingFaceCamera(strangerCamera, STRANGER)]);
  enrolledBurst = JSON.stringify({ frames: (await movingFramesOf(ENROLLED)).map((frame) => frame.toString('base64')) });

  const api = ApiClient.admin(baseUrl);
  const workplace = await createWorkplace(api, `camera ${suffix}`);
  companyId = workplace.companyId;
  const { id } = await createEmployee(api, workplace, employee);
  await createSchedule(api, id, '00:00:00.000Z', '23:59:00.000Z', 8);
  const photo = await fetch(`${baseUrl}/api/employees/${id}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await portraitOf(ENROLLED)),
  });
  if (!photo.ok) throw new Error(`the photo was refused: ${photo.status} ${await photo.text()}`);
}, 120_000);

afterAll(async () => {
  await Promise.all([rm(enrolledCamera, { force: true }), rm(strangerCamera, { force: true })]);
});

/** The app in English, as the registered kiosk (its token in storage) or as any browser. */
async function asBrowser(browser: BrowserTest, token: string | null): Promise<void> {
  await browser.context.addInitScript((stored) => {
    if (localStorage.getItem('language') === null) localStorage.setItem('language', 'en');
    if (stored !== null) localStorage.setItem('kioskToken', stored);
  }, token);
}

/** The kiosk switched to the camera once its preview plays. */
async function startCamera(page: Page): Promise<void> {
  await page.goto('/clock');
  await page.getByRole('button', { name: 'Use camera' }).click();
  const preview = page.getByLabel('Camera preview');
  await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(640);
}

async function openCamera(browser: BrowserTest, token: string | null): Promise<Page> {
  await asBrowser(browser, token);
  await startCamera(browser.page);
  return browser.page;
}

describe('a browser nobody registered, its camera facing an enrolled employee who moves a little', () => {
  const browser = useBrowser({ args: fakeCameraArgs(enrolledCamera) });

  it('refuses her face by default, then offers only the ID and PIN', async () => {
    const page = await openCamera(browser, null);
    await page.getByRole('button', { name: 'Take photo' }).click();
    const notice = page.getByTestId('clock-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toBe(formatMessage('faceNeedsRegisteredKiosk'));
    await page.getByTestId('clock-pin-form').getByLabel('PIN').waitFor();
    expect(await page.getByRole('button', { name: 'Use camera' }).count()).toBe(0);
  });

  it('recognises her once her company allows any browser in the settings, which warn what that means', async () => {
    const { page } = browser;
    await signInFast(browser);
    await asBrowser(browser, null);
    await page.goto('/setting');
    await page.getByTestId('optional-features-scope').selectOption({ label: companyName });
    const form = page.getByTestId('optional-features-form');
    await form.getByText('Warning: any browser can then clock employees in by face').waitFor();
    await form.getByRole('checkbox', { name: /^Face recognition at any browser/ }).check();
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('toast').filter({ hasText: 'Settings saved successfully!' }).waitFor();
    await untilRecognised(null);

    await startCamera(page);
    await page.getByRole('button', { name: 'Take photo' }).click();
    const identified = page.getByTestId('clock-identified');
    await identified.waitFor({ timeout: 30_000 });
    expect(await identified.textContent()).toBe('Face recognized!');
    expect(await page.getByTestId('clock-employee').textContent()).toBe(fullName);
  });
});

describe('the registered kiosk, its camera facing an enrolled employee who moves a little', () => {
  const browser = useBrowser({ args: fakeCameraArgs(enrolledCamera) });

  it('recognises her, shows "Face recognized!" with her name and photo, and checks her in', async () => {
    const page = await openCamera(browser, await kioskToken());
    await page.getByRole('button', { name: 'Take photo' }).click();
    // A second of frames, then face analysis: a small machine can take a few seconds.
    const identified = page.getByTestId('clock-identified');
    await identified.waitFor({ timeout: 30_000 });
    expect(await identified.textContent()).toBe('Face recognized!');
    expect(await page.getByTestId('clock-employee').textContent()).toBe(fullName);
    expect(await page.getByTestId('clock-photo').getAttribute('src')).toMatch(/^data:image\/webp;base64,/);

    await page.getByRole('button', { name: 'Check in' }).click();
    const result = page.getByTestId('clock-result');
    await result.waitFor();
    expect(await result.textContent()).toBe('Recorded successfully!');
    expect(await result.getAttribute('data-outcome')).toBe('success');
  });
});

describe('the registered kiosk, its camera facing someone nobody enrolled', () => {
  const browser = useBrowser({ args: fakeCameraArgs(strangerCamera) });

  beforeEach(async () => {
    await openCamera(browser, await kioskToken());
  });

  it('answers "Face not recognized, please enter your PIN." over the ID and PIN form', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Take photo' }).click();
    const notice = page.getByTestId('clock-notice');
    await notice.waitFor({ timeout: 30_000 });
    expect(await notice.textContent()).toBe('Face not recognized, please enter your PIN.');
    await page.getByTestId('clock-pin-form').getByLabel('PIN').waitFor();
    expect(await page.getByTestId('clock-employee').count()).toBe(0);
  });
});
