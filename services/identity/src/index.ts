export { buildIdentity, type IdentityDependencies } from './app.ts';
export { IDENTITY_SCHEMA, identityMigrations } from './migrations.ts';
