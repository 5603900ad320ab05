import { randomUUID } from 'node:crypto';
import { enqueue, type EventEnvelope } from '@ams/bus';
import { activityRecordedV1, AUDIT_EVENT_TYPE, type ActivityRecorded } from '@ams/contracts';
import type { Pool } from '@ams/db';
import type { FastifyRequest } from 'fastify';

export interface Denial {
  actorId: string;
  actorEmail: string;
  /** e.g. `GET /api/users`: the route as the table names it. */
  route: string;
  reason: 'permission' | 'csrf';
}

function userAgentOf(request: FastifyRequest): string | null {
  const agent = request.headers['user-agent'];
  return typeof agent === 'string' ? agent.slice(0, 512) : null;
}

export function denialEvent(request: FastifyRequest, denial: Denial, at: Date): EventEnvelope<ActivityRecorded> {
  const payload = activityRecordedV1.parse({
    action: 'permission-denied',
    actorId: denial.actorId,
    actorEmail: denial.actorEmail,
    subject: { kind: 'route', id: denial.route },
    ip: request.ip,
    userAgent: userAgentOf(request),
    at: at.toISOString(),
    details: { reason: denial.reason },
  });
  return {
    id: randomUUID(),
    type: AUDIT_EVENT_TYPE,
    version: 1,
    key: denial.actorId,
    occurredAt: at.toISOString(),
    payload,
    metadata: { requestId: request.id, source: 'gateway' },
  };
}

/**
 * Writes a permission-denied audit event to the gateway's outbox (the relay publishes it). A failure
 * is logged, not raised: the caller is refused either way.
 */
export async function recordDenial(pool: Pool, request: FastifyRequest, denial: Denial, at: Date, onQueued: () => void): Promise<void> {
  try {
    await enqueue(pool, [denialEvent(request, denial, at)]);
    onQueued();
  } catch (error) {
    request.log.error({ err: error }, 'could not record a permission denial');
  }
}
