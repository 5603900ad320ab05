import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFaceEngine } from '@ams/face';
import { movingFramesOf } from '@ams/face/testing';
import { announceSettings, startAttendance, type AttendanceHarness } from '../test-support/attendance-harness.ts';
import { identifyFace, problemOf } from '../test-support/kiosk-test-support.ts';

// One burst analysed at a time and none waiting: of four kiosks sending at once, some find the engine busy.
const faces = createFaceEngine({ maxConcurrent: 1, maxQueued: 0 });
let harness: AttendanceHarness;

beforeAll(async () => {
  harness = await startAttendance({ faces });
  await announceSettings(harness, null, { faceAtUnregisteredBrowsers: true });
});

afterAll(async () => {
  await harness.close();
  await faces.close();
});

describe('face identification while the face engine is busy', () => {
  it('answers 503 with Retry-After to the kiosks beyond its line, and judges the others', async () => {
    const burst = await movingFramesOf('sample1-left');
    const responses = await Promise.all([1, 2, 3, 4].map(() => identifyFace(harness, burst)));
    const busy = responses.filter((response) => response.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(problemOf(response)).toMatchObject({ status: 503, code: 'unavailable' });
    }
    // Nobody is enrolled, so a judged burst is not recognized.
    expect(responses.filter((response) => response.statusCode !== 503).map((response) => response.statusCode)).toEqual(
      Array.from({ length: 4 - busy.length }, () => 422),
    );
  });
});
