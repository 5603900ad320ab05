export { buildGateway, type GatewayDependencies, type GatewaySecrets } from './app.ts';
export type { RateLimit } from './security.ts';
export { kioskIdentifyRateLimitOf, kioskLimitSettings } from './kiosk-limits.ts';
export { GATEWAY_SCHEMA, gatewayMigrations } from './migrations.ts';
export { buildOpenApiDocument, openApiPath } from './openapi.ts';
