// The directory: a read copy of people's and scheduling's events that each service keeps in its own schema
// (projection.ts), and the named reads services make of it; no service writes SQL against its tables.
export {
  applyDirectoryEvent,
  directoryMigrations,
  replaceErasedName,
  subscribeDirectory,
  type DirectoryExtension,
  type DirectoryFamily,
} from './projection.ts';
export { findDirectoryEmployee, findDirectoryEmployees, type DirectoryEmployee } from './employees.ts';
export { companyKnown } from './companies.ts';
export { schedulesCovering, schedulesOf } from './schedules.ts';
export { allowedLeaveTypes, leaveTypeAllowed, leaveTypeNameOf } from './leave-queries.ts';
export {
  clockSettingsOf,
  rfidClockAnywhere,
  unregisteredFacePolicy,
  workTimeRulesOf,
  type ClockSettings,
  type UnregisteredFacePolicy,
} from './clock-settings.ts';
export { clockContextOf, type ClockContext } from './clock-context.ts';
export { companyTimezoneSql, directoryEmployeeSql, directoryLeaveTypeSql } from './sql-fragments.ts';
export { effectiveSettingsLookup, type SettingsOf } from './effective-settings.ts';
