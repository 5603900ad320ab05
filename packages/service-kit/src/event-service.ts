import { systemClock, type HistoryOwner } from '@ams/contracts';
import {
  answerHistoryRequests,
  startOutboxRelay,
  type Bus,
  type HistoryAnswerOptions,
  type OutboxRelay,
  type OutboxRelayOptions,
  type Subscription,
} from '@ams/bus';
import type { Pool } from '@ams/db';
import { buildService, type ServiceApp } from './build-service.ts';
import { databaseAndBusProbes } from './probes.ts';

/** What every service's app is built from; a service adds its own parts and secrets. */
export interface ServiceDependencies {
  pool: Pool;
  bus: Bus;
  secrets: { internal: string };
  logLevel?: string;
  now?: () => Date;
  /** Whether other replicas write this service's database (default), or this process alone: then its loops wait for wakes. */
  polling?: OutboxRelayOptions['polling'];
}

/** A service's app behind the gateway, ready when its database answers (degraded without the bus); it never listens. */
export function buildServiceApp(name: string, deps: ServiceDependencies): ServiceApp {
  return buildService({
    name,
    logLevel: deps.logLevel,
    gatewaySecret: deps.secrets.internal,
    ...databaseAndBusProbes(deps.pool, deps.bus),
  });
}

/** A service that owns events: its app, its outbox relay (stopped when the app closes) and its clock. */
export interface EventService {
  app: ServiceApp;
  relay: OutboxRelay;
  now: () => Date;
  /**
   * Answers reporting's history requests in `group` with what `announce` re-announces; the caller stops the
   * subscription when the app closes (in the order its other parts need).
   */
  answerHistory: (group: string, announce: HistoryAnswerOptions['announce']) => Promise<Subscription>;
}

/** Builds an event-owning service's app and starts its outbox relay, which stops when the app closes. */
export function startEventService(owner: HistoryOwner, deps: ServiceDependencies): EventService {
  const app = buildServiceApp(owner, deps);
  const relay = startOutboxRelay({
    pool: deps.pool,
    bus: deps.bus,
    polling: deps.polling,
    onError: (error) => app.log.error({ err: error }, 'outbox relay failed'),
  });
  app.addHook('onClose', () => relay.stop());
  const now = deps.now ?? systemClock;
  return {
    app,
    relay,
    now,
    answerHistory: (group, announce) => answerHistoryRequests({ bus: deps.bus, pool: deps.pool, relay, group, owner, now, announce }),
  };
}
