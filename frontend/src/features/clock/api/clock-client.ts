import { KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { atom } from 'jotai';
import { kioskApi } from '@/lib/api-client';
import { kioskTokenAtom } from '@/lib/kiosk-token';
import { appStore } from '@/lib/store';
import { sendKioskToken } from '../kiosk-token-header';
import { measureClockOffset } from '../offline/clock-offset';

/** The kiosk's clock offset (server minus device, ms) as last measured on a clock call; null before the first answer. */
export const clockOffsetAtom = atom<number | null>(null);

/** A person waits at the door: a server that has not answered in this long counts as unreachable, and the punch is queued. */
const CLOCK_TIMEOUT_MS = 15_000;

const offset = measureClockOffset((offsetMs) => appStore.set(clockOffsetAtom, offsetMs));

/**
 * The kiosk's client for every /api/clock call, with this browser's registered-kiosk token when it holds one; every
 * answer measures the clock offset. Here rather than in lib/api-client, so the contract's attendance module stays
 * out of the first load.
 */
export const clockApi = kioskApi.extend({
  timeout: CLOCK_TIMEOUT_MS,
  hooks: { beforeRequest: [sendKioskToken(() => appStore.get(kioskTokenAtom)), offset.beforeRequest], afterResponse: [offset.afterResponse] },
});

/** The client of a queued punch's replay: the token of the kiosk that took it (the browser's may have changed since). */
export const clockApiOf = (kioskToken: string) =>
  kioskApi.extend({
    timeout: CLOCK_TIMEOUT_MS,
    headers: { [KIOSK_TOKEN_HEADER]: kioskToken },
    hooks: { beforeRequest: [offset.beforeRequest], afterResponse: [offset.afterResponse] },
  });
