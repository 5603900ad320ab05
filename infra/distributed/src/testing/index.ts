export { startDrillSystem, type DrillSystem } from './drill-system.ts';
export { burstWithCrash, kioskStaff, rebalanceAfterCrash, walkthrough, type CrashDrill, type Walkthrough } from './drill-scenario.ts';
export { GatewayApi } from './gateway-api.ts';
export { auditPunches, countTopicDeliveries, publishedKey, type PunchAudit } from './punch-audit.ts';
