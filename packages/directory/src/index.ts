export {
  applyDirectoryEvent,
  clockSettingsOf,
  schedulesCovering,
  directoryMigrations,
  findDirectoryEmployee,
  leaveTypeAllowed,
  subscribeDirectory,
  type ClockSettings,
  type DirectoryEmployee,
  type DirectoryFamily,
} from './directory.ts';
