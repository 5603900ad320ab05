import { KIOSK_DEVICE_ANSWER_HEADER, KIOSK_REFUSED, KIOSK_TOKEN_HEADER } from '@ams/contracts';
import type { ServiceApp } from '@ams/service-kit';

/**
 * What kioskOfToken decided about each token of the requests in flight (the kiosk's id, or null: refused),
 * taken by the answer of a request with that token. Only tokens looked up are here, so an answer never names
 * a kiosk for a token nobody checked; an entry two requests share goes to the first answer, the second answers
 * without the header, which the gateway takes as "nothing learnt".
 */
const decided = new Map<string, string | null>();
/** Tokens looked up outside a request are never taken: a bound keeps them from piling up. */
const MAX_DECIDED = 10_000;

export function noteKioskAnswer(token: string, deviceId: string | null): void {
  if (decided.size >= MAX_DECIDED) decided.clear();
  decided.set(token, deviceId);
}

/**
 * Every answer to a request whose kiosk token this request looked up names that kiosk (or KIOSK_REFUSED) in
 * the internal KIOSK_DEVICE_ANSWER_HEADER, so the gateway limits identification per registered kiosk rather
 * than per address. Set here alone, whichever route looked the token up.
 */
export function registerKioskAnswerHeader(app: ServiceApp): void {
  app.addHook('onSend', async (request, reply) => {
    const token = request.headers[KIOSK_TOKEN_HEADER];
    if (typeof token !== 'string') return;
    const deviceId = decided.get(token);
    if (deviceId === undefined) return;
    decided.delete(token);
    void reply.header(KIOSK_DEVICE_ANSWER_HEADER, deviceId ?? KIOSK_REFUSED);
  });
}
