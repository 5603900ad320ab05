export { buildGateway, type GatewayDependencies } from './app.ts';
export { GATEWAY_SCHEMA, gatewayMigrations } from './migrations.ts';
