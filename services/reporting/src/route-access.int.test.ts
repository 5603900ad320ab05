import { itRechecksAccess } from '@ams/service-kit/testing';
import { startReporting } from './test-support/reporting-harness.ts';

itRechecksAccess('reporting', startReporting);
