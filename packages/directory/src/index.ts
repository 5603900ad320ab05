export {
  applyDirectoryEvent,
  directoryMigrations,
  findDirectoryEmployee,
  leaveTypeAllowed,
  subscribeDirectory,
  type DirectoryEmployee,
} from './directory.ts';
