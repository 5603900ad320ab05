import { z } from 'zod';

/**
 * The services that own state others project: each re-announces
 * its current state when asked for history (topic ams.history).
 */
export const historyOwners = ['identity', 'people', 'scheduling', 'leave', 'attendance'] as const;
export type HistoryOwner = (typeof historyOwners)[number];

/**
 * A consumer whose read models are new or were emptied (reporting) asks the owners for their whole state; the
 * in-process bus keeps no history and Kafka's may have expired. Key: the request id; the event id is the request
 * id too, so a request published again is answered once by each owner (its inbox).
 */
export const historyRequestedV1 = z.object({ requestId: z.uuid() });
export const HISTORY_REQUESTED = 'history.HistoryRequested';

/**
 * An owner re-announced its current state for a request: one event per entity, as if each had just been saved
 * again unchanged (consumers project whole states, so a repeat changes nothing), then this.
 */
export const historyAnnouncedV1 = z.object({ requestId: z.uuid(), owner: z.enum(historyOwners), events: z.number().int().nonnegative() });
export type HistoryAnnounced = z.infer<typeof historyAnnouncedV1>;
export const HISTORY_ANNOUNCED = 'history.HistoryAnnounced';
