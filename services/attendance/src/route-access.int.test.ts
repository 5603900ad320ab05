import { itRechecksAccess } from '@ams/service-kit/testing';
import { startAttendance } from './test-support/attendance-harness.ts';

itRechecksAccess('attendance', startAttendance);
