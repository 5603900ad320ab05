import { newEvent, type EventEnvelope } from '@ams/bus';
import type { IdentityEventPayload } from '@ams/contracts';
import type { UserRecord } from './user-repository.ts';

// A user's events live with the user's record: events.ts, below every room, cannot import it.

export function userSaved(user: UserRecord, now: Date): EventEnvelope<IdentityEventPayload<'identity.UserSaved'>> {
  return newEvent(
    'identity.UserSaved',
    user.id,
    {
      userId: user.id,
      name: user.name,
      email: user.email,
      image: user.image,
      accountType: user.accountType,
      roleId: user.roleId,
      status: user.status,
      companyId: user.companyId,
      employeeId: user.employeeId,
      tokenVersion: user.tokenVersion,
      sessionEndReason: user.sessionEndReason,
    },
    { now },
  );
}

export function userDeleted(userId: string, now: Date): EventEnvelope<IdentityEventPayload<'identity.UserDeleted'>> {
  return newEvent('identity.UserDeleted', userId, { userId }, { now });
}
