export { buildAttendance, ATTENDANCE_GROUP, type AttendanceDependencies } from './app.ts';
export { ATTENDANCE_SCHEMA, attendanceMigrations } from './migrations.ts';
