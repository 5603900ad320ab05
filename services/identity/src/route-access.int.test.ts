import { itRechecksAccess } from '@ams/service-kit/testing';
import { startIdentity } from './test-support/identity-harness.ts';

itRechecksAccess('identity', startIdentity);
