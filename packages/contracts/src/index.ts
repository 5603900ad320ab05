export { eventEnvelopeSchema, eventFamily, eventTypeSchema, type EventEnvelope } from './event-envelope.ts';
export {
  accountTypes,
  actions,
  permissionsSchema,
  resources,
  type AccountType,
  type Action,
  type Permissions,
  type Resource,
} from './access.ts';
export { anonymousPrincipal, principalSchema, type Principal } from './principal.ts';
export { consumerGroups, eventFamilies, type ConsumerGroup, type EventFamily } from './topology.ts';
