import { z } from 'zod';
import { accountTypes, permissionsSchema } from '../access.ts';
import { userStatuses, userTypes } from './identity-api.ts';
import { sessionEndReasons } from './session.ts';

/**
 * Identity's integration events (topic ams.identity, key = user or role id). They carry the whole
 * state that consumers project (the gateway's sign-in state, reporting's user accounts).
 */
export const userSavedV1 = z.object({
  userId: z.uuid(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  accountType: z.enum(accountTypes),
  roleId: z.uuid(),
  status: z.enum(userStatuses),
  companyId: z.string().nullable(),
  employeeId: z.string().nullable(),
  /** Bumped on disable, role, account type, company and password change: tokens with a lower version are dead. */
  tokenVersion: z.number().int().min(0),
  /** Why the last version bump ended the user's sessions (null: none yet; absent in events written before it existed). */
  sessionEndReason: z.enum(sessionEndReasons).nullable().default(null),
});
export const userDeletedV1 = z.object({ userId: z.uuid() });
export const roleSavedV1 = z.object({
  roleId: z.uuid(),
  name: z.string(),
  companyId: z.string().nullable(),
  userType: z.enum(userTypes),
  permissions: permissionsSchema,
});
export const roleDeletedV1 = z.object({ roleId: z.uuid() });
/** One token ended early (sign-out); `expiresAt` says how long it must be remembered. */
export const sessionRevokedV1 = z.object({ userId: z.uuid(), jti: z.string().min(1), expiresAt: z.iso.datetime({ offset: true }) });

export const identityEvents = {
  'identity.UserSaved': userSavedV1,
  'identity.UserDeleted': userDeletedV1,
  'identity.RoleSaved': roleSavedV1,
  'identity.RoleDeleted': roleDeletedV1,
  'identity.SessionRevoked': sessionRevokedV1,
} as const;
export type IdentityEventType = keyof typeof identityEvents;
export type IdentityEventPayload<T extends IdentityEventType> = z.infer<(typeof identityEvents)[T]>;
