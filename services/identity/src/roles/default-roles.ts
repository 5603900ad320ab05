import { everyPermission, type Permissions } from '@ams/contracts';

export const DEFAULT_ADMIN_ROLE = 'Admin';
export const DEFAULT_EMPLOYEE_ROLE = 'Employee';

/** What the personal area needs (spec §2 employee-area routes), and keeping one's own settings. */
export const personalAreaPermissions: Permissions = {
  dashboard: ['read'],
  attendance: ['read'],
  schedule: ['read'],
  leave: ['read', 'create', 'update'],
  setting: ['read', 'update'],
};

export const defaultRoles = [
  { name: DEFAULT_ADMIN_ROLE, userType: 'admin', permissions: everyPermission },
  { name: DEFAULT_EMPLOYEE_ROLE, userType: 'employee', permissions: personalAreaPermissions },
] as const;
