import { KIOSK_TOKEN_HEADER } from '@ams/contracts';

/**
 * A request hook for the kiosk's calls: a registered kiosk sends its token (x-kiosk-token) on each; without a
 * stored token ('') the request goes out untouched.
 */
export function sendKioskToken(storedToken: () => string) {
  return (request: Request): void => {
    const token = storedToken();
    if (token) request.headers.set(KIOSK_TOKEN_HEADER, token);
  };
}
