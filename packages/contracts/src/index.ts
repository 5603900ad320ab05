export { systemClock, type Clock } from './clock.ts';
export * from './dates.ts';
export * from './messages/index.ts';
export { eventEnvelopeSchema, eventFamily, eventTypeSchema, type EventEnvelope } from './event-envelope.ts';
export {
  accountTypes,
  actions,
  everyPermission,
  permissionsSchema,
  resources,
  type AccountType,
  type Action,
  type Permissions,
  type Resource,
} from './access.ts';
export { anonymousPrincipal, principalSchema, type Principal } from './principal.ts';
export { consumerGroups, eventFamilies, type ConsumerGroup, type EventFamily } from './topology.ts';
export * from './identity/password-rules.ts';
export * from './identity/identity-api.ts';
export * from './identity/signed-in-user.ts';
export * from './identity/identity-events.ts';
export * from './identity/session.ts';
export * from './identity/legal-api.ts';
export * from './identity/feedback-api.ts';
export * from './audit-events.ts';
export * from './history-events.ts';
export * from './people/people-api.ts';
export * from './people/settings-api.ts';
export * from './people/people-events.ts';
export * from './people/safeguarding-api.ts';
export * from './people/settings-rules.ts';
export * from './routes/access-rules.ts';
export * from './routes/api-routes.ts';
export * from './routes/api-tags.ts';
export * from './routes/spa-routes.ts';
export * from './scheduling/schedule-api.ts';
export * from './scheduling/schedule-events.ts';
export * from './leave/leave-api.ts';
export * from './leave/leave-events.ts';
export * from './leave/working-days.ts';
export * from './attendance/attendance-api.ts';
export * from './attendance/sealed-punch.ts';
export * from './attendance/attendance-events.ts';
export * from './attendance/day-times-order.ts';
export * from './attendance/attendance-sheet.ts';
export * from './reporting/report-api.ts';
export * from './reporting/directory-reports-api.ts';
export * from './reporting/report-export-api.ts';
export * from './reporting/employee-data-export-api.ts';
