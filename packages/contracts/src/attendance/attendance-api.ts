import { z } from 'zod';
import { employeeRecordHead } from '../employee-record.ts';
import { listQuerySchema } from '../identity/identity-api.ts';
import { messageCatalogue, type MessageKey } from '../messages/message-catalogue.ts';
import { message } from '../messages/message-format.ts';
import { presenceStates } from './presence-states.ts';
import { sealedPunchSchema, sealingKeySchema } from './sealed-punch.ts';
import { workDayFigures } from './work-day-figures.ts';

const id = z.uuid(message('invalidId'));
/** An instant the admin entered (ISO 8601 with offset); required where the spec says 'You must enter the time.'. */
const instant = z.iso.datetime({ offset: true, message: message('enterTime') });
const reason = z.string(message('writeReason')).trim().min(1, message('writeReason')).max(1000, message('reasonMustBeAtMost1000Characters'));

export const attendanceStatuses = ['late arrival', 'on time', 'early departure'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];
/** Spec §3's statuses, kept apart as the source product did: a day can be a late arrival and an early departure. */
export const arrivalStatuses = ['on time', 'late arrival'] as const;
export type ArrivalStatus = (typeof arrivalStatuses)[number];
export const departureStatuses = ['on time', 'early departure'] as const;
export type DepartureStatus = (typeof departureStatuses)[number];
export { presenceStates };
export type PresenceState = (typeof presenceStates)[number];
export const clockActions = ['check-in', 'break-in', 'break-out', 'check-out'] as const;
export type ClockAction = (typeof clockActions)[number];

const dayTimesSchema = z.object({
  timeIn: instant,
  breakIn: instant.nullable().default(null),
  breakOut: instant.nullable().default(null),
  timeOut: instant.nullable().default(null),
});

/** An admin records a day the employee did not clock. */
export const attendanceRecordSchema = dayTimesSchema.extend({
  employeeId: z.uuid(message('employeeIsRequired')),
  workDate: z.iso.date(message('dateMustBeADateYyyyMm')),
  reason,
});
/** An admin corrects a day: the whole set of times, with a reason. */
export const attendanceAmendSchema = dayTimesSchema.extend({ reason });
export const attendanceDeleteSchema = z.object({ reason });

export const attendanceSchema = z.object({
  /** `id` is the work day's (one per employee and work date). */
  ...employeeRecordHead,
  departmentId: id,
  workDate: z.string(),
  timeIn: z.string(),
  ...workDayFigures,
  /** Null for a day without a schedule. */
  arrivalStatus: z.enum(arrivalStatuses).nullable(),
  /** Null also while the day is open (no time out yet). */
  departureStatus: z.enum(departureStatuses).nullable(),
  state: z.enum(presenceStates),
  /** The reason of the latest admin correction, if any. */
  reason: z.string().nullable(),
  /** A time the day still holds was recorded offline by a kiosk and replayed later: it rests on the kiosk's clock. */
  recordedOffline: z.boolean(),
  updatedAt: z.string(),
});
export type Attendance = z.infer<typeof attendanceSchema>;
export const attendanceListSchema = z.object({ items: z.array(attendanceSchema), total: z.number().int() });
export const attendanceListQuerySchema = listQuerySchema.extend({
  from: z.iso.date(message('fromMustBeADate')).optional(),
  to: z.iso.date(message('toMustBeADate')).optional(),
  employeeId: id.optional(),
  companyId: id.optional(),
  departmentId: id.optional(),
  arrivalStatus: z.enum(arrivalStatuses).optional(),
  departureStatus: z.enum(departureStatuses).optional(),
});
export type AttendanceListQuery = z.infer<typeof attendanceListQuerySchema>;
export const myAttendanceQuerySchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({ from: z.iso.date(message('fromMustBeADate')).optional(), to: z.iso.date(message('toMustBeADate')).optional() });

/** One entry of a work day's history: every event with who, when and why. */
export const attendanceHistorySchema = z.object({
  items: z.array(
    z.object({
      type: z.string(),
      at: z.string(),
      recordedAt: z.string(),
      method: z.enum(['face', 'pin', 'card', 'admin']).nullable(),
      actorId: z.string().nullable(),
      reason: z.string().nullable(),
      details: z.record(z.string(), z.unknown()),
    }),
  ),
});

/** Who is in, on a break or gone right now. */
export const presenceSchema = z.object({
  items: z.array(z.object({ employeeId: id, employeeName: z.string(), companyId: id, workDate: z.string(), state: z.enum(presenceStates), since: z.string() })),
});

// ── Kiosk ─────────────────────────────────────────────────────────────────
/** How the kiosk identified the person: face, identifier + PIN, or RFID card (with the PIN where the company asks for it). */
export const clockMethods = ['face', 'pin', 'card'] as const;
export type ClockMethod = (typeof clockMethods)[number];
/** A short-lived proof that the kiosk identified this employee (face or identifier + PIN). */
export const clockTicketSchema = z.object({
  ticket: z.string(),
  employeeId: id,
  employeeName: z.string(),
  /** The employee's thumbnail as a data: URL (the anonymous kiosk cannot fetch people's photo routes), if enrolled. */
  photo: z.string().nullable(),
  method: z.enum(clockMethods),
  message: z.string(),
  expiresAt: z.string(),
  /** The punches the person's day allows now, in the day's order (the punch still checks them). */
  allowedActions: z.array(z.enum(clockActions)),
  /** Why nothing is allowed (e.g. 'This employee has already left work.'), by catalogue key; null when something is. */
  unavailable: z
    .object({
      messageKey: z.enum(Object.keys(messageCatalogue) as [MessageKey, ...MessageKey[]]),
      params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    })
    .nullable(),
});
export const pinIdentifySchema = z.object({
  /** The employee's national ID or email: the PIN alone never identifies anyone. */
  identifier: z.string(message('enterYourId')).trim().min(1, message('enterYourId')).max(254),
  pin: z.string(message('enterYourPin')).min(1, message('enterYourPin')).max(50),
  kioskId: z.string().trim().max(100).optional(),
});
/**
 * An RFID card as a USB reader types it (spec §3 rfidClock), with the holder's PIN when the company asks for one
 * after a card (the kiosk sends the card again with the PIN the person then entered).
 */
export const cardIdentifySchema = z.object({
  card: z
    .string(message('cardNumberIsRequired'))
    .trim()
    .min(1, message('cardNumberIsRequired'))
    .max(64, message('rfidCardMustBeAtMost64'))
    .regex(/^[!-~]*$/, message('rfidCardPrintable')),
  pin: z.string(message('enterYourPin')).min(1, message('enterYourPin')).max(50).optional(),
  kioskId: z.string().trim().max(100).optional(),
});
/** A card's answer: the ticket, or (the company asks for the PIN after a card) a request for the holder's PIN. */
export const cardIdentifiedSchema = z.union([
  clockTicketSchema.extend({ pinRequired: z.literal(false) }),
  z.object({ pinRequired: z.literal(true), message: z.string() }),
]);
/** Whether this kiosk takes RFID cards: its company's rfidClock, or at an unregistered browser any company's. */
export const cardReaderSchema = z.object({ enabled: z.boolean() });
/** How the kiosk shows the time: its company's zone and time format (spec §9: 1 = 24-hour, 2 = 12-hour), or the organisation's at an unregistered browser. */
export const kioskDisplaySchema = z.object({ timezone: z.string(), timeFormat: z.union([z.literal(1), z.literal(2)]) });
/**
 * The kiosk's face identification: a burst of camera frames over about a second (`frames` frames
 * `intervalMs` apart), never one still. Each frame is a JPEG, PNG or WebP image in base64 (no data: prefix)
 * of at most `maxFrameBytes`, so the largest burst (6 frames) stays under the gateway's 1 MiB body limit; the
 * kiosk scales frames down to `maxFrameWidth` (the face detector looks at 256 px anyway).
 */
export const FACE_BURST = { frames: 5, minFrames: 4, maxFrames: 6, intervalMs: 200, maxFrameBytes: 120 * 1024, maxFrameWidth: 640 } as const;
const FRAME_REFUSED = message('cameraFrameRefused');
export const faceBurstSchema = z.object({
  frames: z
    .array(
      z
        .base64(FRAME_REFUSED)
        .min(1, FRAME_REFUSED)
        .max(Math.ceil(FACE_BURST.maxFrameBytes / 3) * 4, FRAME_REFUSED),
      message('sendTheCameraFrames'),
    )
    .min(FACE_BURST.minFrames, message('sendFourToSixCameraFrames'))
    .max(FACE_BURST.maxFrames, message('sendFourToSixCameraFrames')),
  kioskId: z.string().trim().max(100).optional(),
});
export type FaceBurst = z.infer<typeof faceBurstSchema>;
export const punchSchema = z.object({
  ticket: z.string().min(1),
  action: z.enum(clockActions, message('chooseClockAction')),
  /** Client-generated: a retry with the same id returns the first outcome and records nothing more. */
  commandId: z.uuid(message('commandIdMustBeAUuid')),
  /** The kiosk's own clock: recorded, never trusted. */
  deviceTime: z.iso.datetime({ offset: true }).optional(),
});
/** What an anonymous kiosk learns of a punch: the person, the action, the time and the message, no more. */
export const punchResultSchema = z.object({ message: z.string(), action: z.enum(clockActions), at: z.string(), employeeName: z.string() });

// ── Kiosk devices ─────────────────────────────────────────────────────────
/**
 * A kiosk sends its device token in this header on every clock call. Once a company has an active
 * registered kiosk, its employees can only be identified at its registered kiosks.
 */
export const KIOSK_TOKEN_HEADER = 'x-kiosk-token';
/**
 * Attendance's answer to a request whose kiosk token it accepted names the kiosk in this internal header, so
 * the gateway limits identification per kiosk (it trusts only tokens it has seen accepted). Internal (x-ams-):
 * the gateway removes it from every answer.
 */
export const KIOSK_DEVICE_ANSWER_HEADER = 'x-ams-kiosk-device';
/** KIOSK_DEVICE_ANSWER_HEADER's value when attendance refused the token (unknown or revoked): the gateway forgets it. */
export const KIOSK_REFUSED = 'none';
export const kioskDeviceSchema = z.object({
  id,
  companyId: id,
  name: z.string(),
  createdAt: z.string(),
  /** When it last identified someone. */
  lastSeenAt: z.string().nullable(),
  /** Its last exchange with the server, what its clock was off by then (server minus device, ms) and how many offline punches it held. */
  lastContactAt: z.string().nullable(),
  clockOffsetMs: z.number().int().nullable(),
  queueLength: z.number().int().nullable(),
  revokedAt: z.string().nullable(),
});
export type KioskDevice = z.infer<typeof kioskDeviceSchema>;
export const kioskDeviceListSchema = z.object({ items: z.array(kioskDeviceSchema) });
export const kioskDeviceListQuerySchema = z.object({ companyId: id.optional() });
export const kioskDeviceCreateSchema = z.object({
  name: z.string(message('nameIsRequired')).trim().min(1, message('nameIsRequired')).max(100, message('nameMustBeAtMost100Characters')),
  /** A SuperAdmin names the company; an Admin registers kiosks of their own company. */
  companyId: id.optional(),
});
/** The token is shown once, at registration: only its hash is kept. */
export const kioskDeviceRegisteredSchema = z.object({ device: kioskDeviceSchema, token: z.string() });
/** What a kiosk learns about itself from its token. */
/** `faceClocking`: whether the kiosk's company identifies by face (off: the kiosk offers ID and PIN only). */
export const kioskSelfSchema = z.object({ id, name: z.string(), faceClocking: z.boolean() });

// ── Offline kiosk ─────────────────────────────────────────────────────────
/** Every clock answer carries the server's time here (ISO 8601), so the kiosk measures its clock offset on each exchange. */
export const SERVER_TIME_HEADER = 'x-server-time';
/** How old an offline punch may be when it reaches the server, and how far ahead of the server it may seem (clock skew). */
export const OFFLINE_PUNCH_LIMITS = { maxAgeMs: 72 * 60 * 60_000, toleranceAheadMs: 60_000 } as const;
const clockOffsetMs = z
  .number()
  .int()
  .min(-366 * 24 * 60 * 60_000)
  .max(366 * 24 * 60 * 60_000);
/** A registered kiosk's periodic contact: what it reports (queue, offset) and what it learns (server time, the sealing key). */
export const kioskContactSchema = z.object({ queueLength: z.number().int().min(0).max(100_000), clockOffsetMs: clockOffsetMs.nullable() });
export const kioskContactAnswerSchema = z.object({ serverTime: z.string(), sealingKey: sealingKeySchema });
/** What an offline kiosk seals: the identification as the online routes take it (ID + PIN, card with or without PIN, the face burst). */
export const offlineIdentificationSchema = z.discriminatedUnion('method', [
  pinIdentifySchema.pick({ identifier: true, pin: true }).extend({ method: z.literal('pin') }),
  cardIdentifySchema.pick({ card: true }).extend({ method: z.literal('card'), pin: cardIdentifySchema.shape.pin.unwrap().nullable() }),
  faceBurstSchema.pick({ frames: true }).extend({ method: z.literal('face') }),
]);
export type OfflineIdentification = z.infer<typeof offlineIdentificationSchema>;
/** One queued offline punch, replayed in order; `sealed` hides who and what (see sealed-punch.ts). */
export const offlinePunchSchema = z.object({
  commandId: z.uuid(message('commandIdMustBeAUuid')),
  /** The kiosk's clock when the person punched. */
  deviceTime: z.iso.datetime({ offset: true }),
  /** Server time minus device time, as last measured online (ms). */
  clockOffsetMs,
  sealed: sealedPunchSchema,
});
/** The server decided the item: recorded (now or by an earlier replay), or put on the admins' attention list. Either way the kiosk drops it. */
export const offlinePunchResultSchema = z.object({ outcome: z.enum(['recorded', 'needsAttention']) });
export const offlinePunchIssueSchema = z.object({
  id,
  companyId: id,
  deviceId: id,
  deviceName: z.string(),
  /** Known when the item opened and named someone (a clock-flow refusal, too old); null for a wrong PIN or unknown card. */
  employeeId: id.nullable(),
  employeeName: z.string().nullable(),
  method: z.enum(clockMethods).nullable(),
  action: z.enum(clockActions).nullable(),
  deviceTime: z.string(),
  /** The device time corrected by its clock offset: when the punch happened. */
  punchedAt: z.string(),
  receivedAt: z.string(),
  reason: z.object({
    messageKey: z.enum(Object.keys(messageCatalogue) as [MessageKey, ...MessageKey[]]),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type OfflinePunchIssue = z.infer<typeof offlinePunchIssueSchema>;
/** One page of the list (open items first, newest first) and how many there are in all. */
export const offlinePunchIssueListSchema = z.object({ items: z.array(offlinePunchIssueSchema), total: z.number().int() });
/** Paged, so that a flood of refused items never pushes an older open one out of reach. */
export const offlinePunchIssueListQuerySchema = listQuerySchema
  .pick({ page: true, pageSize: true })
  .extend({ companyId: id.optional(), resolved: z.enum(['true', 'false']).optional() });
