import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Attendance, OfflinePunchIssue } from '../packages/contracts/src/index.ts';
import { portraitOf } from '../packages/face/src/testing.ts';
import { movingFramesOf } from '../packages/face/src/testing.ts';
import { spawnProduct, type ProductProcess } from '../infra/embedded/src/testing.ts';
import { buildFrontend, needsBuild } from '../frontend/scripts/ensure-build.ts';
import { ApiClient } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { gotoAndSignIn, launchChromium } from './support/browser.ts';
import { swipeCard } from './support/card-reader.ts';
import { fakeCameraArgs, writeMovingFaceCamera } from './support/fake-camera.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/product.ts';
import { createEmployee, createSchedule, createWorkplace, eventually } from './support/workplace.ts';

/**
 * Issue 20: a registered kiosk loses the server (the browser goes offline and the product is restarted meanwhile),
 * reloads, takes punches for three people by PIN, card and face, and one wrong PIN; back online it replays them.
 * A product of its own on a fixed port: the kiosk's origin (its service worker, IndexedDB, token) must survive the restart.
 */
const suffix = Date.now().toString(36);
const PIN = '604817';
const pinPerson = { firstName: 'Paula', lastName: `Sinred${suffix}`, email: `paula.${suffix}@example.com`, nationalId: `OFF1-${suffix}`, pin: PIN };
const cardPerson = {
  firstName: 'Carla',
  lastName: `Sinred${suffix}`,
  email: `carla.${suffix}@example.com`,
  nationalId: `OFF2-${suffix}`,
  pin: PIN,
  rfidCard: `7${Date.now()}`,
};
const facePerson = { firstName: 'Fabia', lastName: `Sinred${suffix}`, email: `fabia.${suffix}@example.com`, nationalId: `OFF3-${suffix}` };
/** packages/face's sample photo of the person the kiosk camera shows. */
const FACE = 'sample1-left';
const camera = join(tmpdir(), `ams-e2e-offline-camera-${suffix}.y4m`);
const artifacts = fileURLToPath(new URL('./artifacts', import.meta.url));

let dataDir = '';
let port = 0;
let product: ProductProcess | null = null;
let browser: Browser;
let baseUrl = '';
let kioskToken = '';
let companyId = '';
const ids = { pin: '', card: '', face: '' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function startOnPort(): Promise<void> {
  product = await spawnProduct({ PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ADMIN_EMAIL, ADMIN_PASSWORD }, 180_000);
  baseUrl = product.url;
}

/** A clock call as the registered kiosk makes it. */
function asKiosk(path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl}/api/clock/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-kiosk-token': kioskToken },
    body: JSON.stringify(body),
  });
}

async function untilIdentified(what: string, path: string, body: unknown): Promise<void> {
  await eventually(
    what,
    async () => {
      const response = await asKiosk(path, body);
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    },
    { tries: 60, delayMs: 1_000 },
  );
}

beforeAll(async () => {
  if (needsBuild()) buildFrontend();
  dataDir = await mkdtemp(join(tmpdir(), 'ams-e2e-offline-'));
  port = await freePort();
  await Promise.all([startOnPort(), writeMovingFaceCamera(camera, FACE)]);
  const api = await ApiClient.signIn(baseUrl);
  const workplace = await createWorkplace(api, `offline ${suffix}`);
  companyId = workplace.companyId;
  await api.call('PUT', 'settings', { companyId, rfidClock: true });
  ids.pin = (await createEmployee(api, workplace, pinPerson)).id;
  ids.card = (await createEmployee(api, workplace, cardPerson)).id;
  ids.face = (await createEmployee(api, workplace, facePerson)).id;
  for (const id of Object.values(ids)) await createSchedule(api, id, '00:00:00.000Z', '23:59:00.000Z', 8);
  const photo = await fetch(`${baseUrl}/api/employees/${ids.face}/image`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${api.token}`, 'content-type': 'image/jpeg' },
    body: new Uint8Array(await portraitOf(FACE)),
  });
  if (!photo.ok) throw new Error(`the photo was refused: ${photo.status} ${await photo.text()}`);
  kioskToken = (await api.call<{ token: string }>('POST', 'kiosk-devices', { name: `Offline door ${suffix}`, companyId })).token;
  // Attendance learns of the people, their PIN, card and face from events: wait until the kiosk knows each.
  await untilIdentified('the kiosk knowing Paula’s PIN', 'identify/pin', { identifier: pinPerson.email, pin: PIN });
  await untilIdentified('the kiosk knowing Carla’s card', 'identify/card', { card: cardPerson.rfidCard });
  const frames = (await movingFramesOf(FACE)).map((frame) => frame.toString('base64'));
  await untilIdentified('the kiosk recognising Fabia', 'identify/face', { frames });
  browser = await launchChromium(fakeCameraArgs(camera));
}, 600_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
  await rm(dataDir, { recursive: true, force: true });
  await rm(camera, { force: true });
});

/** A browser on the product's origin, in English, holding the kiosk token when given one. */
async function kioskContext(token: string | null): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(30_000);
  await context.addInitScript((stored) => {
    if (localStorage.getItem('language') === null) localStorage.setItem('language', 'en');
    if (stored !== null) localStorage.setItem('kioskToken', stored);
  }, token);
  return { context, page: await context.newPage() };
}

/** Opens /clock online until its service worker has precached the app (and a kiosk has its sealing key). */
async function openOnline(page: Page, registered: boolean): Promise<void> {
  const contacted = registered ? page.waitForResponse((response) => response.url().endsWith('/api/clock/contact') && response.ok()) : null;
  await page.goto('/clock');
  await page.getByTestId('clock-pin-form').waitFor();
  // The kiosk listens for cards once it knows its company takes them (and remembers that for offline use).
  if (registered) await page.getByTestId('clock-card-hint').waitFor();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await contacted;
}

/** The sealed items the kiosk keeps in IndexedDB, as it will send them. */
function queuedItems(page: Page): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    () =>
      new Promise<Record<string, unknown>[]>((resolve, reject) => {
        const opening = indexedDB.open('ams-kiosk');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const reading = opening.result.transaction('queue').objectStore('queue').getAll();
          reading.onsuccess = () => resolve(reading.result as Record<string, unknown>[]);
          reading.onerror = () => reject(reading.error);
        };
      }),
  );
}

async function punchOffline(page: Page, action: 'Check in' | 'Check out', waiting: number): Promise<void> {
  await page.getByTestId('clock-offline-actions').waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: action }).click();
  await page.getByTestId('clock-offline-saved').waitFor();
  await expect.poll(() => page.getByTestId('clock-offline-waiting').getAttribute('data-count')).toBe(String(waiting));
  await page.getByRole('button', { name: 'Done' }).click();
}

async function enterPin(page: Page, identifier: string, pin: string): Promise<void> {
  const form = page.getByTestId('clock-pin-form');
  await form.getByLabel('National ID or email').fill(identifier);
  await form.getByLabel('PIN').fill(pin);
  await form.getByRole('button', { name: 'Continue' }).click();
}

async function daysOf(api: ApiClient, employeeId: string): Promise<Attendance[]> {
  return (await api.call<{ items: Attendance[] }>('GET', `attendance?employeeId=${employeeId}&pageSize=10`)).items;
}

async function eventsOf(api: ApiClient, dayId: string): Promise<{ type: string; details: Record<string, unknown> }[]> {
  return (await api.call<{ items: { type: string; details: Record<string, unknown> }[] }>('GET', `attendance/${dayId}/history`)).items;
}

describe('a kiosk that never loses a punch', () => {
  it('an unregistered browser that loses the connection says so and takes no input', async () => {
    const { context, page } = await kioskContext(null);
    try {
      await openOnline(page, false);
      await context.setOffline(true);
      await page.reload();
      await page.getByTestId('clock-offline-refused').waitFor();
      expect(await page.getByTestId('clock-pin-form').getByLabel('PIN').isDisabled()).toBe(true);
      await expectNoAxeViolations(page, 'clock offline, unregistered');
    } finally {
      await context.close();
    }
  });

  it('queues PIN, card and face punches sealed while offline across a restart, replays them once, and lists the wrong PIN', async () => {
    const { context, page } = await kioskContext(kioskToken);
    try {
      await queueAcrossRestart(context, page);
    } catch (error) {
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, 'offline-kiosk.png'), fullPage: true }).catch(() => undefined);
      throw error;
    }
  }, 600_000);

  it('shows the admin the offline punches needing attention and lets them record the day from one', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    try {
      await gotoAndSignIn(page);
      await page.waitForURL(/\/dashboard/);
      await page.goto('/attendance');
      const panel = page.getByTestId('offline-punches');
      await panel.getByText('Identificación o PIN incorrectos').waitFor();
      await expectNoAxeViolations(page, 'attendance, offline punches needing attention');
      await panel.getByRole('button', { name: 'Registrar el día' }).first().click();
      await page.getByTestId('offline-punch-record').getByTestId('attendance-form').waitFor();
      await expectNoAxeViolations(page, 'attendance, record the day of an offline punch');
    } finally {
      await context.close();
    }
  }, 120_000);
});

async function queueAcrossRestart(context: BrowserContext, page: Page): Promise<void> {
  await openOnline(page, true);

  // The network goes and the server with it: the kiosk reloads from its service worker.
  await context.setOffline(true);
  await product?.stop();
  product = null;
  await page.reload();
  await page.getByTestId('clock-offline').waitFor();
  await page.getByTestId('clock-card-hint').waitFor();
  await expectNoAxeViolations(page, 'clock offline, registered kiosk');
  const before = Date.now();

  await enterPin(page, pinPerson.email, PIN);
  await page.getByTestId('clock-offline-actions').waitFor();
  await expectNoAxeViolations(page, 'clock offline, choose the action');
  await punchOffline(page, 'Check in', 1);

  await swipeCard(page, cardPerson.rfidCard);
  await punchOffline(page, 'Check in', 2);

  await page.getByRole('button', { name: 'Use camera' }).click();
  const preview = page.getByLabel('Camera preview');
  await expect.poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth)).toBe(640);
  await page.getByRole('button', { name: 'Take photo' }).click();
  await punchOffline(page, 'Check in', 3);

  await enterPin(page, pinPerson.email, '111111');
  await punchOffline(page, 'Check out', 4);
  const after = Date.now();
  const sealed = await queuedItems(page);
  expect(sealed).toHaveLength(4);
  // Sealed for the server: neither the PIN nor the card number is readable on the device.
  expect(JSON.stringify(sealed)).not.toContain(PIN);
  expect(JSON.stringify(sealed)).not.toContain(cardPerson.rfidCard);

  // The product is back (same data, same address), then the network: the kiosk replays its queue in order.
  await startOnPort();
  await context.setOffline(false);
  await expect.poll(() => page.getByTestId('clock-offline-waiting').count(), { timeout: 180_000, interval: 1_000 }).toBe(0);
  await context.close();

  const api = await ApiClient.signIn(baseUrl);
  for (const employeeId of Object.values(ids)) {
    const [day, ...others] = await daysOf(api, employeeId);
    expect(others).toEqual([]);
    // The day shows the offline time (the device's clock corrected by its offset: one machine here, so close to it).
    const timeIn = Date.parse(day?.timeIn ?? '');
    expect(timeIn).toBeGreaterThanOrEqual(before - 5_000);
    expect(timeIn).toBeLessThanOrEqual(after + 5_000);
    expect(day?.timeOut).toBeNull();
    const events = await eventsOf(api, day?.id ?? '');
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toMatchObject({
      deviceTime: expect.any(String),
      offline: { receivedAt: expect.any(String), clockOffsetMs: expect.any(Number) },
    });
  }

  // A second replay of the same items records nothing new.
  for (const { kioskToken: _token, ...item } of sealed) {
    const again = await asKiosk('offline-punches', item);
    expect(again.status).toBe(200);
  }
  for (const employeeId of Object.values(ids)) {
    const [day] = await daysOf(api, employeeId);
    expect(await eventsOf(api, day?.id ?? '')).toHaveLength(1);
  }

  // The wrong PIN waits for an admin, with its reason.
  const attention = await api.call<{ items: OfflinePunchIssue[] }>('GET', `attendance/offline-punches?companyId=${companyId}`);
  expect(attention.items).toEqual([
    expect.objectContaining({ employeeId: null, method: 'pin', action: 'check-out', reason: { messageKey: 'wrongIdOrPin' }, resolvedAt: null }),
  ]);
}
