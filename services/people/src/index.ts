export { buildPeople, type PeopleDependencies } from './app.ts';
export { PEOPLE_SCHEMA, peopleMigrations } from './migrations.ts';
