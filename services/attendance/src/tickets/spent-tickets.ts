import type { Queryable } from '@ams/db';
import type { SideInsert } from '@ams/event-store';

// SQL only: the spent clock tickets (kiosk_used_tickets), so a ticket buys one punch.

/** Deletes up to `limit` spent tickets expired at `now` (they are refused by their signature anyway); answers how many. */
export async function deleteExpiredTickets(db: Queryable, now: Date, limit: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM kiosk_used_tickets WHERE ticket_id IN (
       SELECT ticket_id FROM kiosk_used_tickets WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [now, limit],
  );
  return rowCount ?? 0;
}

/** Why a punch's append is refused when its ticket was spent meanwhile (see spentTicketRow). */
export const TICKET_ALREADY_SPENT = 'ticket-already-spent';

/**
 * The ticket's row in the spent tickets, written with the punch's events: a ticket spent by another
 * command (also one still committing: the insert waits for it) refuses the append with
 * TICKET_ALREADY_SPENT, so the punch stores nothing.
 */
export function spentTicketRow(ticket: { ticketId: string; expiresAt: Date }, commandId: string): SideInsert {
  return {
    name: 'attendance.spend-ticket',
    into: 'kiosk_used_tickets (ticket_id, command_id, expires_at)',
    rows: 'VALUES ($1::uuid, $2::uuid, $3::timestamptz)',
    values: [ticket.ticketId, commandId, ticket.expiresAt],
    onConflict: 'ON CONFLICT (ticket_id) DO NOTHING',
    refusal: TICKET_ALREADY_SPENT,
  };
}
