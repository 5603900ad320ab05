import type { IdentificationContext } from '../identification/identification-context.ts';
import type { SealingKeyPair } from './sealing-key.ts';

/** What replaying a kiosk's offline punches works with: identification as online, and the key that opens them. */
export interface OfflineContext extends IdentificationContext {
  /** Opens the punches kiosks sealed offline; its public half is given to registered kiosks. */
  sealingKey: SealingKeyPair;
}
