import { itRechecksAccess } from '@ams/service-kit/testing';
import { startLeave } from './test-support/leave-harness.ts';

itRechecksAccess('leave', startLeave);
