import { clockActions, openSealedPunch, offlineIdentificationSchema, type ClockAction, type KeyedMessage, type SealedPunch } from '@ams/contracts';
import type { Queryable } from '@ams/db';
import { commandEventId } from '@ams/event-store';
import { AppError } from '@ams/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { OfflineContext } from './offline-context.ts';
import type { KioskClient } from '../devices/client-access.ts';
import { normaliseAddress } from '../devices/client-address.ts';
import { kioskOfflineSince, kioskOfToken, markKioskSeen } from '../devices/kiosk-devices.ts';
import { faceHolder } from '../identification/face-identification.ts';
import { cardHolder, pinHolder } from '../identification/pin-card-identification.ts';
import type { KioskEmployee } from '../projection/kiosk-employee.ts';
import { punch } from '../work-day/work-day-service.ts';
import { hasOfflinePunchIssue, recordOfflinePunchIssue, type NewOfflinePunchIssue } from './offline-punch-issues.ts';
import { offlinePunchTime } from './offline-time.ts';

/** What the kiosk sealed: the identification and the action the person chose. */
const sealedContentSchema = z.object({ identification: offlineIdentificationSchema, action: z.enum(clockActions) });
export type SealedContent = z.infer<typeof sealedContentSchema>;

export interface OfflinePunch {
  commandId: string;
  deviceTime: string;
  clockOffsetMs: number;
  sealed: SealedPunch;
}

export type ReplayOutcome = 'recorded' | 'needsAttention';

async function alreadyRecorded(db: Queryable, commandId: string): Promise<boolean> {
  const { rowCount } = await db.query({
    name: 'attendance.command-recorded',
    text: 'SELECT 1 FROM events WHERE event_id = $1',
    values: [commandEventId(commandId, 0)],
  });
  return (rowCount ?? 0) > 0;
}

/** A refusal that goes to the attention list; anything else (the server unable to decide now) is thrown, and the kiosk retries. */
function refusalOf(error: unknown): KeyedMessage | null {
  if (!(error instanceof AppError) || error.code === 'unavailable' || error.code === 'internal') return null;
  return { messageKey: error.messageKey, ...(error.params ? { params: error.params } : {}) };
}

async function identify(
  ctx: OfflineContext,
  content: SealedContent,
  client: KioskClient,
  log: FastifyBaseLogger,
): Promise<{ employee: KioskEmployee; matchScore: number | null; spoofScore: number | null }> {
  const { identification } = content;
  switch (identification.method) {
    case 'pin':
      return { employee: await pinHolder(ctx, identification, client), matchScore: null, spoofScore: null };
    case 'card': {
      const holder = await cardHolder(ctx, identification, client);
      if (holder === 'pinRequired') throw new AppError('unauthorized', 'pinAfterCardRequired');
      return { employee: holder, matchScore: null, spoofScore: null };
    }
    case 'face':
      return faceHolder(
        ctx,
        identification.frames.map((frame) => Buffer.from(frame, 'base64')),
        client,
        log,
      );
  }
}

/**
 * Replays one sealed offline punch from an active registered kiosk. Decided once per command id: an item recorded or
 * refused before answers the same and counts no attempt again. The item opens with the installation's key, the
 * person is identified as online (counting, lockout, address and kiosk rules), and the punch is recorded at the
 * device time corrected by the kiosk's offset, within the bounds (offline-time.ts). A refusal puts the item on the
 * attention list with its reason.
 */
export async function replayOfflinePunch(
  ctx: OfflineContext,
  input: OfflinePunch & { kioskToken: string | null; clientIp: string | null },
  log: FastifyBaseLogger,
): Promise<ReplayOutcome> {
  // Only an active kiosk replays: a revoked token (a stolen or retired device) is refused like an unknown one,
  // so nothing it sends reaches the attention list.
  const kiosk = await kioskOfToken(ctx.pool, input.kioskToken);
  if (!kiosk) throw new AppError('unauthorized', 'kioskNotRegistered');
  if (await alreadyRecorded(ctx.pool, input.commandId)) return 'recorded';
  if (await hasOfflinePunchIssue(ctx.pool, input.commandId)) return 'needsAttention';

  const now = ctx.now();
  const time = offlinePunchTime({
    deviceTime: input.deviceTime,
    clockOffsetMs: input.clockOffsetMs,
    now,
    emptyQueueAt: await kioskOfflineSince(ctx.pool, kiosk),
  });
  const issue: NewOfflinePunchIssue = {
    commandId: input.commandId,
    companyId: kiosk.companyId,
    deviceId: kiosk.deviceId,
    employeeId: null,
    method: null,
    action: null,
    deviceTime: time.deviceTime,
    punchedAt: time.at,
    receivedAt: now,
    reason: { messageKey: 'offlinePunchUnreadable' },
  };
  const needsAttention = async (details: Partial<NewOfflinePunchIssue>): Promise<ReplayOutcome> => {
    await recordOfflinePunchIssue(ctx.pool, { ...issue, ...details });
    return 'needsAttention';
  };

  const opened = sealedContentSchema.safeParse(await openSealedPunch(ctx.sealingKey.privateKey, input, input.sealed));
  if (!opened.success) return needsAttention({});
  const content = opened.data;
  const method = content.identification.method;
  const action: ClockAction = content.action;

  const client: KioskClient = { kiosk, kioskId: null, clientIp: normaliseAddress(input.clientIp) };
  let identified;
  try {
    identified = await identify(ctx, content, client, log);
  } catch (error) {
    const reason = refusalOf(error);
    if (!reason) throw error;
    return needsAttention({ method, action, reason });
  }
  const { employee } = identified;
  await markKioskSeen(ctx.pool, kiosk, now);
  if (!time.ok) return needsAttention({ method, action, employeeId: employee.employeeId, reason: time.reason });
  try {
    await punch(
      ctx,
      {
        employeeId: employee.employeeId,
        action,
        commandId: input.commandId,
        source: {
          method,
          actorId: null,
          kioskId: kiosk.deviceId,
          clientIp: client.clientIp,
          matchScore: identified.matchScore,
          spoofScore: identified.spoofScore,
          deviceTime: time.deviceTime.toISOString(),
          offline: { receivedAt: now.toISOString(), clockOffsetMs: input.clockOffsetMs },
        },
      },
      { at: time.at },
    );
  } catch (error) {
    const reason = refusalOf(error);
    if (!reason) throw error;
    return needsAttention({ method, action, employeeId: employee.employeeId, reason });
  }
  return 'recorded';
}
