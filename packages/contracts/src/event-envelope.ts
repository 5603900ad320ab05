import { z } from 'zod';

/** `<family>.<PastTenseName>`, e.g. `employee.EmployeeCreated`; the family names the topic. */
export const eventTypeSchema = z.string().regex(/^[a-z][a-z0-9-]*\.[A-Z][A-Za-z0-9]*$/, 'Event type must look like "family.EventName"');

export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: eventTypeSchema,
  version: z.number().int().positive(),
  /** Aggregate id: events with one key keep their order. */
  key: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  payload: z.unknown(),
  metadata: z.record(z.string(), z.string()),
});

export type EventEnvelope<TPayload = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: TPayload;
};

export function eventFamily(type: string): string {
  return eventTypeSchema.parse(type).split('.')[0] as string;
}
