import { SERVER_TIME_HEADER, systemClock } from '@ams/contracts';
import type { AfterResponseHook, BeforeRequestHook } from 'ky';

/**
 * The kiosk's clock offset (server minus device, ms) from one exchange: the server's time is taken to be the
 * middle of the round trip, so the error is at most half of it.
 */
export function offsetFrom(serverTime: string, sentAt: number, receivedAt: number): number | null {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return null;
  return Math.round(server - (sentAt + receivedAt) / 2);
}

/** ky hooks that measure the offset on every clock call whose answer says the server's time. */
export function measureClockOffset(onOffset: (offsetMs: number) => void): { beforeRequest: BeforeRequestHook; afterResponse: AfterResponseHook } {
  const sent = new WeakMap<Request, number>();
  return {
    beforeRequest: (request) => {
      sent.set(request, systemClock().getTime());
    },
    afterResponse: (request, _options, response) => {
      const sentAt = sent.get(request);
      const serverTime = response.headers.get(SERVER_TIME_HEADER);
      if (sentAt === undefined || serverTime === null) return;
      const offset = offsetFrom(serverTime, sentAt, systemClock().getTime());
      if (offset !== null) onOffset(offset);
    },
  };
}
