import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export interface Secrets {
  /** Signs the principal header between the gateway and the services. */
  internal: string;
  /** Signs the access tokens. */
  jwt: string;
  /** Mixed into PIN hashes (people hashes, attendance verifies). */
  pinPepper: string;
}

// pinPepper arrived after the first installs: a file without one gets one added.
const secretsSchema = z.object({ internal: z.string().min(32), jwt: z.string().min(32), pinPepper: z.string().min(32).optional() });

/**
 * The embedded install's secrets: given ones win, else those kept in the data directory, else new
 * random ones written there (owner-only), so tokens survive a restart and no secret is hard-coded.
 */
export async function loadOrCreateSecrets(dataDir: string, given: Partial<Secrets>): Promise<Secrets> {
  const file = join(dataDir, 'secrets.json');
  let stored: z.infer<typeof secretsSchema> | undefined;
  try {
    stored = secretsSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`Cannot read ${file}`, { cause: error });
  }
  const fresh = () => randomBytes(48).toString('base64url');
  const kept: Secrets = stored?.pinPepper ? { ...stored, pinPepper: stored.pinPepper } : { internal: fresh(), jwt: fresh(), ...stored, pinPepper: fresh() };
  if (!stored) await writeFile(file, JSON.stringify(kept), { mode: 0o600, flag: 'wx' });
  else if (!stored.pinPepper) await writeFile(file, JSON.stringify(kept), { mode: 0o600 });
  return { internal: given.internal ?? kept.internal, jwt: given.jwt ?? kept.jwt, pinPepper: given.pinPepper ?? kept.pinPepper };
}
