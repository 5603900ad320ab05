import { newEvent, type EventEnvelope } from '@ams/bus';
import { AUDIT_EVENT_TYPE, type ActivityRecorded, type AuditAction, type IdentityEventPayload, type Role } from '@ams/contracts';
import type { ClientInfo } from '@ams/service-kit';

export function roleSaved(role: Role, now: Date): EventEnvelope<IdentityEventPayload<'identity.RoleSaved'>> {
  return newEvent(
    'identity.RoleSaved',
    role.id,
    {
      roleId: role.id,
      name: role.name,
      companyId: role.companyId,
      userType: role.userType,
      permissions: role.permissions,
    },
    { now },
  );
}

export function roleDeleted(roleId: string, now: Date): EventEnvelope<IdentityEventPayload<'identity.RoleDeleted'>> {
  return newEvent('identity.RoleDeleted', roleId, { roleId }, { now });
}

export function sessionRevoked(userId: string, jti: string, expiresAt: Date, now: Date): EventEnvelope<IdentityEventPayload<'identity.SessionRevoked'>> {
  return newEvent('identity.SessionRevoked', userId, { userId, jti, expiresAt: expiresAt.toISOString() }, { now });
}

export interface Activity {
  action: AuditAction;
  actor: { id: string | null; email: string | null };
  subject?: { kind: 'user' | 'role'; id: string };
  client: ClientInfo;
  details?: Record<string, string>;
}

/** Who did what, when (UTC) and from where. */
export function activityRecorded(activity: Activity, now: Date): EventEnvelope<ActivityRecorded> {
  return newEvent(
    AUDIT_EVENT_TYPE,
    activity.subject?.id ?? activity.actor.id ?? activity.actor.email ?? 'anonymous',
    {
      action: activity.action,
      actorId: activity.actor.id,
      actorEmail: activity.actor.email,
      subject: activity.subject ?? null,
      ip: activity.client.ip,
      userAgent: activity.client.userAgent,
      at: now.toISOString(),
      details: activity.details ?? {},
    },
    { now },
  );
}
