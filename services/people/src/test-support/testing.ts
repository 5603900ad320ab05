/** What tools outside the service (benchmarks) use of its test support. */
export { createCompanyFixture } from './organisation-fixture.ts';
export { startPeople, type PeopleHarness } from './people-harness.ts';
