import { coalescedNotifier, type CoalescedNotifier, type CoalescedNotifierOptions, type Queryable } from '@ams/db';

/** Where subscriptions that listen (polling.listens) hear of appends that other processes committed. */
export const EVENTS_CHANNEL = 'ams_events';

/**
 * Notifies the subscriptions of other processes after this process's appends commit (pass it to the command
 * handler, or call `notify()` after the commit of a transaction that appended), coalesced to at most one
 * notification an interval. Only where other processes listen: a process that is the database's only writer
 * wakes its own subscriptions directly.
 */
export function appendNotifier(db: Queryable, options: CoalescedNotifierOptions = {}): CoalescedNotifier {
  return coalescedNotifier(db, EVENTS_CHANNEL, options);
}
