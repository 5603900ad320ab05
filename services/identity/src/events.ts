import { newEvent, type EventEnvelope } from '@ams/bus';
import {
  AUDIT_EVENT_TYPE,
  type ActivityRecorded,
  type AuditAction,
  type IdentityEventPayload,
  type Role,
} from '@ams/contracts';
import type { ClientInfo } from '@ams/service-kit';
import type { UserRecord } from './users/user-repository.ts';

export function userSaved(user: UserRecord): EventEnvelope<IdentityEventPayload<'identity.UserSaved'>> {
  return newEvent('identity.UserSaved', user.id, {
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
  });
}

export function userDeleted(userId: string): EventEnvelope<IdentityEventPayload<'identity.UserDeleted'>> {
  return newEvent('identity.UserDeleted', userId, { userId });
}

export function roleSaved(role: Role): EventEnvelope<IdentityEventPayload<'identity.RoleSaved'>> {
  return newEvent('identity.RoleSaved', role.id, {
    roleId: role.id,
    name: role.name,
    companyId: role.companyId,
    userType: role.userType,
    permissions: role.permissions,
  });
}

export function roleDeleted(roleId: string): EventEnvelope<IdentityEventPayload<'identity.RoleDeleted'>> {
  return newEvent('identity.RoleDeleted', roleId, { roleId });
}

export function sessionRevoked(userId: string, jti: string, expiresAt: Date): EventEnvelope<IdentityEventPayload<'identity.SessionRevoked'>> {
  return newEvent('identity.SessionRevoked', userId, { userId, jti, expiresAt: expiresAt.toISOString() });
}

export interface Activity {
  action: AuditAction;
  actor: { id: string | null; email: string | null };
  subject?: { kind: 'user' | 'role'; id: string };
  client: ClientInfo;
  details?: Record<string, string>;
}

/** Who did what, when (UTC) and from where. */
export function activityRecorded(activity: Activity, now = new Date()): EventEnvelope<ActivityRecorded> {
  return newEvent(AUDIT_EVENT_TYPE, activity.subject?.id ?? activity.actor.id ?? activity.actor.email ?? 'anonymous', {
    action: activity.action,
    actorId: activity.actor.id,
    actorEmail: activity.actor.email,
    subject: activity.subject ?? null,
    ip: activity.client.ip,
    userAgent: activity.client.userAgent,
    at: now.toISOString(),
    details: activity.details ?? {},
  });
}
