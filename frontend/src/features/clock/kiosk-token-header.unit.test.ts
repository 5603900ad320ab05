import { KIOSK_TOKEN_HEADER } from '@ams/contracts';
import { createStore } from 'jotai';
import ky from 'ky';
import { describe, expect, it } from 'vitest';
import { call } from '../../lib/api-call';
import { kioskTokenAtom } from '../../lib/kiosk-token';
import { sendKioskToken } from './kiosk-token-header';

/** A kiosk client sending the store's token, whose calls are recorded and answered with 200 {}. */
function kioskClient(store: ReturnType<typeof createStore>) {
  const seen: Request[] = [];
  const client = ky.create({
    prefixUrl: 'http://app.test/api',
    retry: 0,
    hooks: { beforeRequest: [sendKioskToken(() => store.get(kioskTokenAtom))] },
    fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    },
  });
  return { client, seen };
}

/** The fake's `{}` is no clock answer: only what was sent matters here. */
const notChecked = () => undefined;

describe("a registered kiosk's token on the clock calls", () => {
  it('goes with every call while stored, kept in local storage as it was given', async () => {
    const store = createStore();
    store.set(kioskTokenAtom, 'kd_front-door');
    const { client, seen } = kioskClient(store);
    await call('GET /api/clock/device', {}, { client }).catch(notChecked);
    await call('POST /api/clock/identify/pin', { body: { identifier: 'x', pin: '1234' } }, { client }).catch(notChecked);
    await call('POST /api/clock/punch', { body: { ticket: 't', action: 'check-in', commandId: 'c' } }, { client }).catch(notChecked);
    expect(seen.map((sent) => sent.headers.get(KIOSK_TOKEN_HEADER))).toEqual(['kd_front-door', 'kd_front-door', 'kd_front-door']);
    expect(localStorage.getItem('kioskToken')).toBe('kd_front-door');
  });

  it('is not sent once forgotten (the calls go out as a public kiosk’s), and leaves nothing in storage', async () => {
    const store = createStore();
    store.set(kioskTokenAtom, '');
    const { client, seen } = kioskClient(store);
    await call('POST /api/clock/identify/pin', { body: { identifier: 'x', pin: '1234' } }, { client }).catch(notChecked);
    expect(seen[0]?.headers.has(KIOSK_TOKEN_HEADER)).toBe(false);
    expect(localStorage.getItem('kioskToken')).toBeNull();
  });
});
