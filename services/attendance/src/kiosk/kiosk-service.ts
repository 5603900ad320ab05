import { randomBytes, randomUUID } from 'node:crypto';
import { formatMessage, fullName, type ClockAction, type ClockMethod, type KeyedMessage, type MessageKey } from '@ams/contracts';
import { hashPin, verifyPin } from '@ams/credentials';
import type { Queryable } from '@ams/db';
import { AppendRefusedError } from '@ams/event-store';
import { clockSettingsOf } from '@ams/directory';
import { AppError } from '@ams/service-kit';
import type { AttendanceContext } from '../context.ts';
import { allowedPunches, clockContextAt, punch, type PunchOutcome } from '../work-day/work-day-service.ts';
import { addressAllowed, normaliseAddress } from './client-address.ts';
import { signTicket, TICKET_LIFETIME_MS, verifyTicket, type TicketClaims } from './clock-ticket.ts';
import { kioskOfToken, kioskServes, markKioskSeen, type RegisteredKiosk } from './kiosk-devices.ts';
import {
  anyCompanyTakesCards,
  findCardCandidates,
  findPinCandidates,
  spentTicketRow,
  TICKET_ALREADY_SPENT,
  type KioskEmployee,
  type PinCandidate,
} from './kiosk-repository.ts';
import { claimAttempt, recordAddressFailure, settleRightPin } from './pin-attempts.ts';
import { personScope } from './pin-lockout.ts';

export interface ClockTicket {
  ticket: string;
  employeeId: string;
  employeeName: string;
  photo: string | null;
  method: ClockMethod;
  message: string;
  expiresAt: string;
  allowedActions: ClockAction[];
  unavailable: KeyedMessage | null;
}

export class PinLockedError extends AppError {
  readonly until: Date;
  constructor(until: Date, now: Date) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    super('rate_limited', 'tooManyWrongAttempts', { params: { count: minutes } });
    this.until = until;
  }

  retryAfterSeconds(now: Date): number {
    return Math.max(1, Math.ceil((this.until.getTime() - now.getTime()) / 1000));
  }
}

export const notRecognized = () => new AppError('unprocessable', 'faceNotRecognized');
export const accessDenied = () => new AppError('forbidden', 'accessDenied');

/** The company's clock accepts this client: its address (settings) and its kiosk (registered kiosks). */
export async function companyAllows(db: Queryable, companyId: string, client: { clientIp: string | null; kiosk: RegisteredKiosk | null }): Promise<boolean> {
  return addressAllowed(client.clientIp, (await clockSettingsOf(db, companyId)).ipRestriction) && (await kioskServes(db, client.kiosk, companyId));
}

/** The kiosk names itself by a free label (kioskId) unless it is registered: then by its device id. */
export function kioskClaims(kiosk: RegisteredKiosk | null, kioskId: string | null): Pick<TicketClaims, 'kioskId' | 'deviceId'> {
  return kiosk ? { kioskId: kiosk.deviceId, deviceId: kiosk.deviceId } : { kioskId, deviceId: null };
}

const acceptedMessages = { face: 'faceRecognized', pin: 'pinAccepted', card: 'cardAccepted' } as const satisfies Record<ClockMethod, MessageKey>;

/** The ticket, with the punches the person's day allows now: the kiosk offers only those. */
export async function issueTicket(
  ctx: AttendanceContext,
  employee: KioskEmployee,
  proof: Pick<TicketClaims, 'method' | 'matchScore' | 'spoofScore' | 'kioskId' | 'deviceId' | 'clientIp'>,
): Promise<ClockTicket> {
  const context = await clockContextAt(ctx.pool, employee.employeeId, ctx.now());
  const allowed = context ? await allowedPunches(ctx, context) : { allowedActions: [], unavailable: { messageKey: 'noActiveSchedule' as const } };
  const issuedAt = ctx.now().getTime();
  const claims: TicketClaims = { ticketId: randomUUID(), employeeId: employee.employeeId, ...proof, issuedAt, expiresAt: issuedAt + TICKET_LIFETIME_MS };
  return {
    ticket: signTicket(claims, ctx.secrets.clockTicket),
    employeeId: employee.employeeId,
    employeeName: fullName(employee),
    photo: employee.thumbnail ? `data:image/webp;base64,${employee.thumbnail.toString('base64')}` : null,
    method: proof.method,
    message: formatMessage(acceptedMessages[proof.method]),
    expiresAt: new Date(claims.expiresAt).toISOString(),
    ...allowed,
  };
}

export const round = (score: number) => Math.round(score * 1000) / 1000;

// Checked when nobody (or nobody with a PIN) has the identifier, so that costs the time a wrong PIN
// costs. Its PIN is longer than any PIN a kiosk may send, and a match with it is ignored anyway.
const decoys = new Map<string, Promise<string>>();
function decoyHash(pepper: string): Promise<string> {
  let decoy = decoys.get(pepper);
  if (!decoy) {
    decoy = hashPin(randomBytes(32).toString('hex'), pepper);
    decoys.set(pepper, decoy);
  }
  return decoy;
}

async function pinMatches(candidate: PinCandidate | null, pin: string, pepper: string): Promise<boolean> {
  const matches = await verifyPin(candidate?.pinHash ?? (await decoyHash(pepper)), pin, pepper);
  return matches && candidate?.pinHash != null;
}

/** Who claims to be clocking: the candidates the identifier or card names, and the PIN that must be theirs (null: the card alone). */
interface Claim {
  candidates: readonly PinCandidate[];
  pin: string | null;
  wrong: MessageKey;
}

/**
 * One counted attempt, shared by the PIN and card paths: the candidates whose PIN is right (all of them when
 * no PIN is asked). Unknown identifier or card and wrong PIN are one answer (401) at one cost. Every attempt
 * counts against the people it may be for, who are locked out after repeated failures (429); an identifier or
 * card nobody has here counts against no one, since it may be a new employee's that this service has not
 * learnt yet (events arrive with a lag), and its guessing is bounded by the address's slowing alone.
 * A right PIN clears only that person's count, and a card without PIN proves no
 * secret, so it only gives the attempt back. A failure also counts against the client address, whose failures
 * are answered 429 once it has failed too often; the address never holds back a right answer, so nobody behind
 * a shared address locks the others out.
 */
async function verifyClaim(ctx: AttendanceContext, claim: Claim, clientIp: string | null): Promise<PinCandidate[]> {
  const scopes = claim.candidates.map((candidate) => personScope(candidate.employeeId));
  const now = ctx.now();
  const attempt = await claimAttempt(ctx.pool, scopes, now);
  if (attempt.locked) throw new PinLockedError(attempt.until, now);

  const verified: PinCandidate[] = [];
  for (const candidate of claim.candidates.length > 0 ? claim.candidates : [null]) {
    const right = claim.pin === null ? candidate !== null : await pinMatches(candidate, claim.pin, ctx.secrets.pinPepper);
    if (right && candidate) verified.push(candidate);
  }
  if (verified.length === 0) {
    const slowedUntil = await recordAddressFailure(ctx.pool, clientIp, now);
    if (slowedUntil) throw new PinLockedError(slowedUntil, now);
    throw new AppError('unauthorized', claim.wrong);
  }
  const identified = claim.pin === null ? [] : verified.map((employee) => personScope(employee.employeeId).key);
  await settleRightPin(ctx.pool, attempt.claimed, new Set(identified), now);
  return verified;
}

export interface KioskClient {
  kiosk: RegisteredKiosk | null;
  kioskId: string | null;
  clientIp: string | null;
}

export async function kioskClientOf(
  ctx: AttendanceContext,
  input: { kioskId: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<KioskClient> {
  return { kiosk: await kioskOfToken(ctx.pool, input.kioskToken), kioskId: input.kioskId, clientIp: normaliseAddress(input.clientIp) };
}

/** The ticket of an identified employee at a client their company accepts. */
async function ticketAt(ctx: AttendanceContext, employee: KioskEmployee, client: KioskClient, method: 'pin' | 'card'): Promise<ClockTicket> {
  if (client.kiosk) await markKioskSeen(ctx.pool, client.kiosk, ctx.now());
  return issueTicket(ctx, employee, { method, matchScore: null, spoofScore: null, ...kioskClaims(client.kiosk, client.kioskId), clientIp: client.clientIp });
}

/**
 * Identifies by identifier (email or national ID) and PIN (see verifyClaim). The address restriction is checked
 * only once the PIN is right, so it tells an outsider nothing about who exists.
 */
export async function identifyByPin(
  ctx: AttendanceContext,
  input: { identifier: string; pin: string; kioskId: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<ClockTicket> {
  const client = await kioskClientOf(ctx, input);
  return ticketAt(ctx, await pinHolder(ctx, input, client), client, 'pin');
}

/** Who the identifier and PIN name, at a client their company accepts (identifyByPin's rules, without the ticket). */
export async function pinHolder(ctx: AttendanceContext, input: { identifier: string; pin: string }, client: KioskClient): Promise<KioskEmployee> {
  const candidates = await findPinCandidates(ctx.pool, input.identifier);
  const verified = await verifyClaim(ctx, { candidates, pin: input.pin, wrong: 'wrongIdOrPin' }, client.clientIp);
  for (const employee of verified) {
    if (await companyAllows(ctx.pool, employee.companyId, client)) return employee;
  }
  throw accessDenied();
}

export type CardIdentified = (ClockTicket & { pinRequired: false }) | { pinRequired: true; message: string };

const rfidClockOff = () => new AppError('forbidden', 'rfidClockOff');

/**
 * Identifies by RFID card, under the PIN path's rules (counting, lockout, address restriction, registered
 * kiosks; see verifyClaim), where the employee's company turned the RFID clock on. A company that asks for the
 * PIN after a card gets the holder's PIN before the ticket: a card alone is answered with a request for it, and
 * the kiosk sends the card again with the PIN.
 */
export async function identifyByCard(
  ctx: AttendanceContext,
  input: { card: string; pin: string | null; kioskId: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<CardIdentified> {
  const client = await kioskClientOf(ctx, input);
  const holder = await cardHolder(ctx, input, client);
  if (holder === 'pinRequired') return { pinRequired: true, message: formatMessage('pinAfterCardRequired') };
  return { ...(await ticketAt(ctx, holder, client, 'card')), pinRequired: false };
}

/** Who the card (and PIN) names, under identifyByCard's rules, without the ticket; 'pinRequired' when the company asks for the PIN after a card. */
export async function cardHolder(
  ctx: AttendanceContext,
  input: { card: string; pin: string | null },
  client: KioskClient,
): Promise<KioskEmployee | 'pinRequired'> {
  // Refused before any lookup where no card can be taken, so the answer tells nothing about the card.
  const takesCards = client.kiosk ? (await clockSettingsOf(ctx.pool, client.kiosk.companyId)).rfidClock : await anyCompanyTakesCards(ctx.pool);
  if (!takesCards) throw rfidClockOff();
  // Cards are unique per company only: a registered kiosk reads its own company's cards alone (and counts a
  // failure against no other company's holder of the same number).
  const found = await findCardCandidates(ctx.pool, input.card);
  const candidates = client.kiosk ? found.filter((candidate) => candidate.companyId === client.kiosk?.companyId) : found;
  const wrong = input.pin === null ? 'cardNotRecognized' : 'wrongCardOrPin';
  const verified = await verifyClaim(ctx, { candidates, pin: input.pin, wrong }, client.clientIp);
  let refusal = accessDenied();
  const eligible: { employee: KioskEmployee; pinAfterCard: boolean }[] = [];
  for (const employee of verified) {
    if (!(await companyAllows(ctx.pool, employee.companyId, client))) continue;
    const settings = await clockSettingsOf(ctx.pool, employee.companyId);
    if (!settings.rfidClock) {
      refusal = rfidClockOff();
      continue;
    }
    eligible.push({ employee, pinAfterCard: settings.pinAfterCard });
  }
  const [only, ...others] = eligible;
  if (!only) throw refusal;
  // Elsewhere the same number may name people of two companies (one Admin may have copied another's card to
  // take its punches): the card names nobody for sure, so it is refused as unknown rather than one picked.
  if (others.length > 0) throw new AppError('unauthorized', wrong);
  if (only.pinAfterCard && input.pin === null) return 'pinRequired';
  return only.employee;
}

/**
 * A punch with a ticket: it must be genuine, unexpired and spent from the address (and the registered kiosk)
 * it was issued to; the employee's company must still accept that address. The ticket is spent on the punch's commandId
 * with the punch's events, in the append's one statement: a refused punch spends nothing (the employee may choose another action),
 * and a retry of the same command goes through and is answered with its first outcome.
 */
export async function punchWithTicket(
  ctx: AttendanceContext,
  input: { ticket: string; action: ClockAction; commandId: string; deviceTime: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<PunchOutcome> {
  const now = ctx.now();
  const check = verifyTicket(input.ticket, ctx.secrets.clockTicket, now.getTime());
  if (!check.ok) throw new AppError('unauthorized', check.reason === 'expired' ? 'ticketExpired' : 'ticketInvalid');
  const { claims } = check;
  const clientIp = normaliseAddress(input.clientIp);
  if (clientIp !== claims.clientIp) throw new AppError('unauthorized', 'ticketElsewhere');
  // A ticket issued at a registered kiosk is spent there (with its token), one issued elsewhere without one.
  const kiosk = await kioskOfToken(ctx.pool, input.kioskToken);
  if ((kiosk?.deviceId ?? null) !== claims.deviceId) throw new AppError('unauthorized', 'ticketElsewhere');

  const context = await clockContextAt(ctx.pool, claims.employeeId, now);
  if (context && !addressAllowed(clientIp, context.settings.ipRestriction)) throw accessDenied();
  if (context && kiosk && kiosk.companyId !== context.employee.companyId) throw accessDenied();
  const ticket = { ticketId: claims.ticketId, expiresAt: new Date(claims.expiresAt) };
  const spent = punch(
    ctx,
    {
      employeeId: claims.employeeId,
      action: input.action,
      commandId: input.commandId,
      source: {
        method: claims.method,
        actorId: null,
        kioskId: claims.kioskId,
        clientIp,
        matchScore: claims.matchScore,
        spoofScore: claims.spoofScore,
        deviceTime: input.deviceTime,
      },
    },
    { context, sideInserts: [spentTicketRow(ticket, input.commandId)] },
  );
  return spent.catch((error: unknown) => {
    if (error instanceof AppendRefusedError && error.refusal === TICKET_ALREADY_SPENT) throw new AppError('unauthorized', 'ticketSpent', { cause: error });
    throw error;
  });
}
