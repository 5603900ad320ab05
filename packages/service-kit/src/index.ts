export { buildService, type ServiceApp, type ServiceConfig } from './build-service.ts';
export { buildServiceApp, startEventService, type EventService, type ServiceDependencies } from './event-service.ts';
export {
  AppError,
  fieldError,
  GENERIC_FAILURE,
  invalidField,
  refusalError,
  statusOf,
  toProblem,
  type ErrorCode,
  type FieldError,
  type Problem,
} from './errors.ts';
export {
  PRINCIPAL_HEADER,
  PRINCIPAL_SIGNATURE_HEADER,
  pathOf,
  signPrincipal,
  unknownClient,
  verifyPrincipal,
  type ClientInfo,
  type SignedRoute,
  type VerifiedCaller,
} from './principal-header.ts';
export { runChecks, type DegradablePartStatus, type PartStatus, type ReadinessChecks } from './probes.ts';
export { listenUntilSignal, type ListenOptions } from './listen.ts';
export { faceSettings, kafkaBusSettings, kafkaSettings, optionalSetting, perServiceSetting, secretSetting } from './config-schema.ts';
export { describeSetupError, failFastOnBadSetup } from './fail-fast.ts';
export { accountScopeCondition, scopeCondition, scopeOf, signedInCaller, type CompanyScope, type SignedInPrincipal } from './company-scope.ts';
export { route, type TableHandler, type TableRequest } from './table-route.ts';
