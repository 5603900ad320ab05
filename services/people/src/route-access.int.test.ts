import { itRechecksAccess } from '@ams/service-kit/testing';
import { startPeople } from './test-support/people-harness.ts';

itRechecksAccess('people', startPeople);
