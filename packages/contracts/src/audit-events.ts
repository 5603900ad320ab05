import { z } from 'zod';

/** Security-relevant activity, recorded by whichever app saw it (topic ams.audit, key = subject or actor). */
export const auditActions = [
  'sign-in',
  'sign-in-failed',
  'sign-out',
  'sign-up',
  'lockout',
  'permission-denied',
  'password-changed',
  'user-created',
  'user-updated',
  'user-deleted',
  'role-created',
  'role-updated',
  'role-deleted',
  'settings-changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const activityRecordedV1 = z.object({
  action: z.enum(auditActions),
  /** Who did it: a user id, or null when unknown (a failed sign-in of an unknown email). */
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  subject: z.object({ kind: z.enum(['user', 'role', 'route']), id: z.string() }).nullable(),
  /** From where: the client address the gateway saw. */
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** UTC. */
  at: z.iso.datetime(),
  details: z.record(z.string(), z.string()).default({}),
});
export type ActivityRecorded = z.infer<typeof activityRecordedV1>;
export const AUDIT_EVENT_TYPE = 'audit.ActivityRecorded';
