import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { secretSetting } from '@ams/service-kit';

export const secretNames = [
  /** Signs the principal header between the gateway and the services. */
  'internal',
  /** Signs the access tokens. */
  'jwt',
  /** Mixed into PIN hashes (people hashes, attendance verifies). */
  'pinPepper',
  /** Signs the kiosk's short-lived clock tickets. */
  'clockTicket',
] as const;
export type Secrets = Record<(typeof secretNames)[number], string>;

/** The secrets as settings a launcher may be given (each ≥ 32 characters); those not given are generated. */
export const givenSecretSettings = {
  INTERNAL_SECRET: secretSetting('INTERNAL_SECRET').optional(),
  JWT_SECRET: secretSetting('JWT_SECRET').optional(),
  PIN_PEPPER: secretSetting('PIN_PEPPER').optional(),
  CLOCK_TICKET_SECRET: secretSetting('CLOCK_TICKET_SECRET').optional(),
};

/** The secrets a launcher's settings gave, by their names here. */
export function givenSecrets(config: { [name in keyof typeof givenSecretSettings]?: string | undefined }): Partial<Secrets> {
  return { internal: config.INTERNAL_SECRET, jwt: config.JWT_SECRET, pinPepper: config.PIN_PEPPER, clockTicket: config.CLOCK_TICKET_SECRET };
}

// Secrets added in later versions are missing from older files: they are generated and added.
const storedSchema = z.partialRecord(z.enum(secretNames), z.string().min(32));

/**
 * The embedded install's secrets: given ones win, else those kept in the data directory, else new
 * random ones written there (owner-only), so tokens survive a restart and no secret is hard-coded.
 */
export async function loadOrCreateSecrets(dataDir: string, given: Partial<Secrets>): Promise<Secrets> {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> | undefined;
  try {
    stored = storedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}`, { cause: error });
  }
  const kept = Object.fromEntries(secretNames.map((name) => [name, stored?.[name] ?? randomBytes(48).toString('base64url')])) as Secrets;
  if (!stored) await writeFile(file, JSON.stringify(kept), { mode: 0o600, flag: 'wx' });
  else if (secretNames.some((name) => stored[name] === undefined)) await writeFile(file, JSON.stringify(kept), { mode: 0o600 });
  return Object.fromEntries(secretNames.map((name) => [name, given[name] ?? kept[name]])) as Secrets;
}
