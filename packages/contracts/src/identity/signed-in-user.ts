import type { Permissions } from '../access.ts';
import type { SignedInUser, TimeFormatPreference, User } from './identity-api.ts';

/** What a session tells of its user: identity's stored user, or the SPA mock API's. */
export type SessionUser = Pick<User, 'id' | 'name' | 'email' | 'image' | 'accountType' | 'companyId'> & {
  timeFormat: TimeFormatPreference | null;
  /** Its role's. */
  permissions: Permissions;
};

/** Spec §3: what the front end keeps of the signed-in user. */
export function toSignedInUser(user: SessionUser): SignedInUser {
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
