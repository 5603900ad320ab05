import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { frameOf, portraitOf } from '../packages/face/src/testing.ts';
import { ApiClient } from './support/api.ts';
import { useBrowser, type BrowserTest } from './support/browser.ts';
import { fakeCameraArgs, writeFakeCameraFile } from './support/fake-camera.ts';
import { createEmployee, createSchedule, createWorkplace, eventually } from './support/workplace.ts';

// The product's data outlives a file: names of their own keep these rows apart from other files' rows.
const suffix = Date.now().toString(36);
const employee = { firstName: 'Lucía', lastName: `Cámara${suffix}`, email: `lucia.${suffix}@example.com`, nationalId: `CAM-${suffix}` };
const fullName = `${employee.firstName} ${employee.lastName}`;
/** Real photos of two different women (packages/face's samples): one is enrolled, the other nobody here. */
const ENROLLED = 'sample1-left';
const STRANGER = 'sample5-top';
// Chromium's fake camera plays a file: one per browser, written before the browsers start.
const enrolledCamera = join(tmpdir(), `ams-e2e-camera-${suffix}-enrolled.y4m`);
const strangerCamera = join(tmpdir(), `ams-e2e-camera-${suffix}-stranger.y4m`);

/**
 * The camera files, and an employee on an all-day schedule whose photo (a portrait of the enrolled sample
 * person) enrols her face.
 */
beforeAll(async () => {
  const baseUrl = inject('baseUrl');
  await writeFakeCameraFile(enrolledCamera, await frameOf(ENROLLED));
  await writeFakeCameraFile(strangerCamera, await frameOf(STRANGER));

  const api = ApiClient.admin(baseUrl);
  const workplace = await createWorkplace(api, `camera ${suffix}`);
  const { id } = await createEmployee(api, workplace, employee);
  await createSchedule(api, id, '00:00:00.000Z', '23:59:00.000Z', 8);
  const photo = await fetch(`${baseUrl}/api/employees/${id}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await portraitOf(ENROLLED)),
  });
  if (!photo.ok) throw new Error(`the photo was refused: ${photo.status} ${await photo.text()}`);

  // Attendance learns of the face (and the employee, and her schedule before them) from people's events:
  // wait until the kiosk recognises a frame of her.
  const frame = new Uint8Array(await frameOf(ENROLLED));
  await eventually(
    'the kiosk recognising the enrolled face',
    async () => {
      const response = await fetch(`${baseUrl}/api/clock/identify/face`, { method: 'POST', headers: { 'content-type': 'image/jpeg' }, body: frame });
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    },
    { tries: 30, delayMs: 1_000 },
  );
}, 120_000);

afterAll(async () => {
  await Promise.all([rm(enrolledCamera, { force: true }), rm(strangerCamera, { force: true })]);
});

/** The kiosk, anonymous and in English, switched to the camera once its preview plays. */
async function openCamera(browser: BrowserTest): Promise<Page> {
  const { page } = browser;
  await browser.context.addInitScript(() => {
    if (localStorage.getItem('language') === null) localStorage.setItem('language', 'en');
  });
  await page.goto('/clock');
  await page.getByRole('button', { name: 'Use camera' }).click();
  const preview = page.getByLabel('Camera preview');
  await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(640);
  return page;
}

describe('the clock kiosk camera, facing an enrolled employee', () => {
  const browser = useBrowser({ args: fakeCameraArgs(enrolledCamera) });

  beforeEach(async () => {
    await openCamera(browser);
  });

  it('recognises her face, shows "Face recognized!" with her name and photo, and checks her in', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Take photo' }).click();
    // Face analysis on a small machine can take a few seconds.
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

describe('the clock kiosk camera, facing someone nobody enrolled', () => {
  const browser = useBrowser({ args: fakeCameraArgs(strangerCamera) });

  beforeEach(async () => {
    await openCamera(browser);
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
