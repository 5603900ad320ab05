import type { EventEnvelope } from '@ams/bus';
import type { PoolClient } from '@ams/db';
import { allLeaves } from './leaves/leave-repository.ts';
import { leaveEvent } from './leaves/leave-view.ts';

/** Leave's current state for a history request: every request's whole state (its status included), as a change. */
export async function* announceLeaves(tx: PoolClient, now: Date): AsyncGenerator<EventEnvelope[]> {
  yield (await allLeaves(tx)).map((row) => leaveEvent('leave.LeaveChanged', row, now));
}
