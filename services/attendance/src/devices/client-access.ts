import type { Queryable } from '@ams/db';
import { clockSettingsOf, type ClockSettings } from '@ams/directory';
import { AppError } from '@ams/service-kit';
import { addressAllowed, normaliseAddress } from './client-address.ts';
import type { DeviceContext } from './device-context.ts';
import { kioskOfToken, kioskServes, type RegisteredKiosk } from './kiosk-devices.ts';

/** The answer to a client its company does not accept (address or kiosk), naming nobody. */
export const accessDenied = () => new AppError('forbidden', 'accessDenied');

/** Who calls the clock: a registered kiosk (or none), the label it gave, and its address (normalised). */
export interface KioskClient {
  kiosk: RegisteredKiosk | null;
  kioskId: string | null;
  clientIp: string | null;
}

/** The client of a clock request, from its kiosk token (an unknown or revoked one is refused) and address. */
export async function kioskClientOf(
  ctx: DeviceContext,
  input: { kioskId: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<KioskClient> {
  return { kiosk: await kioskOfToken(ctx.pool, input.kioskToken), kioskId: input.kioskId, clientIp: normaliseAddress(input.clientIp) };
}

/** The company's clock accepts this client: its address (settings) and its kiosk (registered kiosks). */
export async function companyAllows(db: Queryable, companyId: string, client: { clientIp: string | null; kiosk: RegisteredKiosk | null }): Promise<boolean> {
  return settingsAllow(db, await clockSettingsOf(db, companyId), companyId, client);
}

/** companyAllows with the company's settings the caller already read (its clock context's). */
export async function settingsAllow(
  db: Queryable,
  settings: Pick<ClockSettings, 'ipRestriction'>,
  companyId: string,
  client: { clientIp: string | null; kiosk: RegisteredKiosk | null },
): Promise<boolean> {
  return addressAllowed(client.clientIp, settings.ipRestriction) && (await kioskServes(db, client.kiosk, companyId));
}
