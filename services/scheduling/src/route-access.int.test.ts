import { itRechecksAccess } from '@ams/service-kit/testing';
import { startScheduling } from './test-support/scheduling-harness.ts';

itRechecksAccess('scheduling', startScheduling);
