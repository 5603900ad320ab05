import type { EventEnvelope } from '../bus.ts';
import { newEvent } from '../unit-of-work.ts';

/** An envelope stamped with the wall clock, for tests and tools that announce another service's events. */
export function testEvent<TPayload>(type: string, key: string, payload: TPayload): EventEnvelope<TPayload> {
  return newEvent(type, key, payload, { now: new Date() });
}
