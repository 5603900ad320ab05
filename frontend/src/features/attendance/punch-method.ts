/** What the day's history says of one event (GET /api/attendance/:id/history). */
interface HistoryEntry {
  method: 'face' | 'pin' | 'card' | 'admin' | null;
  details: Record<string, unknown>;
}

/**
 * How a day's event was made: its method, and whether a kiosk took it offline and replayed it later (the event
 * keeps `offline` beside the device time). Such a time rests on the kiosk's clock, so the day says so.
 */
export function punchMethodOf(entry: HistoryEntry): { methodKey: `attendance.methods.${NonNullable<HistoryEntry['method']>}`; offline: boolean } | null {
  if (entry.method === null) return null;
  const offline = entry.details['offline'];
  return { methodKey: `attendance.methods.${entry.method}`, offline: typeof offline === 'object' && offline !== null };
}
