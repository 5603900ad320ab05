import { z } from 'zod';

/** Spec §3: the resources a role grants actions on (plus the user-roles table itself). */
export const resources = [
  'dashboard',
  'attendance',
  'schedule',
  'leave',
  'setting',
  'employee',
  'report',
  'user',
  'company',
  'department',
  'jobTitles',
  'leaveType',
  'leaveGroup',
  'userRole',
  /** Feedback users send from the app: read the list, update marks an item resolved. */
  'feedback',
] as const;
export type Resource = (typeof resources)[number];

export const actions = ['read', 'create', 'update', 'delete', 'archive'] as const;
export type Action = (typeof actions)[number];

export const accountTypes = ['SuperAdmin', 'Admin', 'Employee'] as const;
export type AccountType = (typeof accountTypes)[number];

export const permissionsSchema = z.partialRecord(z.enum(resources), z.array(z.enum(actions)));
export type Permissions = z.infer<typeof permissionsSchema>;

/** Every action on every resource. */
export const everyPermission: Permissions = Object.fromEntries(resources.map((resource) => [resource, [...actions]]));
