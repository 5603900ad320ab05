import { OFFLINE_PUNCH_LIMITS, type KeyedMessage } from '@ams/contracts';

export type OfflinePunchTime = { ok: true; at: Date; deviceTime: Date } | { ok: false; reason: KeyedMessage; at: Date; deviceTime: Date };

/**
 * When an offline punch happened: the device's time corrected by the offset it last measured (server minus
 * device). Refused when that lies in the future (beyond a minute of skew, which is recorded as now), more
 * than 72 hours before it reached the server, or before `emptyQueueAt`, when the kiosk last told the server,
 * online, that no punch was waiting: a punch taken before that would have been in the queue it reported, so
 * it was not taken offline (a kiosk token and a PIN must not backdate a punch). The same minute of leeway
 * covers the offset's error and a punch queued just as the kiosk reported.
 */
export function offlinePunchTime(input: { deviceTime: string; clockOffsetMs: number; now: Date; emptyQueueAt: Date | null }): OfflinePunchTime {
  const deviceTime = new Date(input.deviceTime);
  const corrected = new Date(deviceTime.getTime() + input.clockOffsetMs);
  const ahead = corrected.getTime() - input.now.getTime();
  if (ahead > OFFLINE_PUNCH_LIMITS.toleranceAheadMs) return { ok: false, reason: { messageKey: 'offlinePunchInFuture' }, at: corrected, deviceTime };
  if (-ahead > OFFLINE_PUNCH_LIMITS.maxAgeMs)
    return { ok: false, reason: { messageKey: 'offlinePunchTooOld', params: { count: OFFLINE_PUNCH_LIMITS.maxAgeMs / 3_600_000 } }, at: corrected, deviceTime };
  if (input.emptyQueueAt && input.emptyQueueAt.getTime() - corrected.getTime() > OFFLINE_PUNCH_LIMITS.toleranceAheadMs) {
    return { ok: false, reason: { messageKey: 'offlinePunchWhileOnline' }, at: corrected, deviceTime };
  }
  return { ok: true, at: ahead > 0 ? input.now : corrected, deviceTime };
}
