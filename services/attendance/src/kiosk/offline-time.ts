import { OFFLINE_PUNCH_LIMITS, type KeyedMessage } from '@ams/contracts';

export type OfflinePunchTime = { ok: true; at: Date; deviceTime: Date } | { ok: false; reason: KeyedMessage; at: Date; deviceTime: Date };

/**
 * When an offline punch happened: the device's time corrected by the offset it last measured (server minus
 * device). Refused when that lies in the future (beyond a minute of skew, which is recorded as now) or more
 * than 72 hours before it reached the server.
 */
export function offlinePunchTime(input: { deviceTime: string; clockOffsetMs: number; now: Date }): OfflinePunchTime {
  const deviceTime = new Date(input.deviceTime);
  const corrected = new Date(deviceTime.getTime() + input.clockOffsetMs);
  const ahead = corrected.getTime() - input.now.getTime();
  if (ahead > OFFLINE_PUNCH_LIMITS.toleranceAheadMs) return { ok: false, reason: { messageKey: 'offlinePunchInFuture' }, at: corrected, deviceTime };
  if (-ahead > OFFLINE_PUNCH_LIMITS.maxAgeMs) return { ok: false, reason: { messageKey: 'offlinePunchTooOld', params: { count: OFFLINE_PUNCH_LIMITS.maxAgeMs / 3_600_000 } }, at: corrected, deviceTime };
  return { ok: true, at: ahead > 0 ? input.now : corrected, deviceTime };
}
