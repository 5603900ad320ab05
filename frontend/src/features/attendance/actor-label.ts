/** What the history tells of who did an event: how it was done and, for an admin's event, the acting user's id. */
export interface HistoryActor {
  method: 'face' | 'pin' | 'card' | 'admin' | null;
  actorId: string | null;
}

/** What is known of the acting user (GET /api/users/:id). */
export type ActorLookup =
  /** The viewer may not read users: the id is not looked up. */
  | { state: 'not-allowed' }
  | { state: 'pending' }
  | { state: 'found'; user: { name: string; email: string } }
  /** No such user any more (404), or the answer did not come. */
  | { state: 'failed' };

/** The texts the label uses (i18n keys under `attendance.`). */
export type ActorText = { key: 'actorSelf' } | { key: 'actorUnknown' } | { key: 'actorIdTitle'; id: string } | { key: 'actorLoading' };
export type Translate = (text: ActorText) => string;

/** The "By" cell: its text, its title (shown on hover), and whether it is still being looked up. */
export interface ActorLabel {
  text: string;
  title?: string;
  pending?: boolean;
}

/**
 * Who did an event of a work day, as the History dialog shows it: the employee for a kiosk punch (face or PIN);
 * for an admin's event the acting user's name (email in the title), or, when the viewer may not read users or
 * the user is gone, a neutral label with the id in the title.
 */
export function actorLabel(event: HistoryActor, lookUp: (id: string) => ActorLookup, translate: Translate): ActorLabel {
  if (event.method !== 'admin') return { text: translate({ key: 'actorSelf' }) };
  const id = event.actorId;
  if (id === null) return { text: '' };
  const lookup = lookUp(id);
  switch (lookup.state) {
    case 'found': {
      const name = lookup.user.name.trim();
      return name ? { text: name, title: lookup.user.email } : { text: lookup.user.email, title: translate({ key: 'actorIdTitle', id }) };
    }
    case 'pending':
      return { text: translate({ key: 'actorLoading' }), title: translate({ key: 'actorIdTitle', id }), pending: true };
    case 'not-allowed':
    case 'failed':
      return { text: translate({ key: 'actorUnknown' }), title: translate({ key: 'actorIdTitle', id }) };
  }
}

/** The distinct acting users of a history, in order of first appearance: each is looked up once. */
export function actorIdsOf(events: readonly HistoryActor[]): string[] {
  return [...new Set(events.flatMap((event) => (event.method === 'admin' && event.actorId !== null ? [event.actorId] : [])))];
}
