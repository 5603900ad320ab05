import type { SignedInUser } from '@ams/contracts';
import type { UserRecord } from '../users/user-repository.ts';

/** Spec §3: what the front end keeps of the signed-in user. */
export function toSignedInUser(user: UserRecord): SignedInUser {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    image: user.image,
    account_type: user.accountType,
    role: user.permissions,
    company_id: user.companyId,
    time_format: user.timeFormat,
  };
}
