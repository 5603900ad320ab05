import { randomBytes } from 'node:crypto';
import { formatMessage, type MessageKey } from '@ams/contracts';
import { hashPin, verifyPin } from '@ams/credentials';
import { clockSettingsOf, type ClockContext, type ClockSettings } from '@ams/directory';
import { AppError } from '@ams/service-kit';
import { accessDenied, kioskClientOf, settingsAllow, type KioskClient } from '../devices/client-access.ts';
import { markKioskSeen } from '../devices/kiosk-devices.ts';
import type { KioskEmployee } from '../projection/kiosk-employee.ts';
import { issueTicket, kioskClaims, type ClockTicket } from '../tickets/issue-ticket.ts';
import { clockContextAt } from '../work-day/work-day-service.ts';
import { anyCompanyTakesCards, findCardCandidates, findPinCandidates, type PinCandidate } from './candidate-repository.ts';
import type { IdentificationContext } from './identification-context.ts';
import { claimAttempt, recordClientFailure, settleRightPin } from './pin-attempts.ts';
import { clientKey, personScope } from './pin-lockout.ts';

/** A locked-out person or a slowed address: 429, with until when (Retry-After). */
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
 * learnt yet (events arrive with a lag), and its guessing is bounded by the client's slowing alone.
 * A right PIN clears only that person's count, and a card without PIN proves no
 * secret, so it only gives the attempt back. A failure also counts against the client (a registered kiosk, else
 * its address: clientKey), whose failures are answered 429 once it has failed too often; the client never holds
 * back a right answer, so nobody behind a shared address locks the others out.
 */
async function verifyClaim(ctx: IdentificationContext, claim: Claim, client: KioskClient): Promise<PinCandidate[]> {
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
    const slowedUntil = await recordClientFailure(ctx.pool, clientKey(client), now);
    if (slowedUntil) throw new PinLockedError(slowedUntil, now);
    throw new AppError('unauthorized', claim.wrong);
  }
  const identified = claim.pin === null ? [] : verified.map((employee) => personScope(employee.employeeId).key);
  await settleRightPin(ctx.pool, attempt.claimed, new Set(identified), now);
  return verified;
}

/** An identified employee with their clock context, read once: its settings decide the access, its day the ticket's punches. */
interface Holder {
  employee: KioskEmployee;
  context: ClockContext | null;
}

/** The employee's clock context and company settings (those alone when the directory no longer knows them), in one read. */
async function clockOf(ctx: IdentificationContext, employee: KioskEmployee): Promise<{ context: ClockContext | null; settings: ClockSettings }> {
  const context = await clockContextAt(ctx.pool, employee.employeeId, ctx.now());
  return { context, settings: context?.settings ?? (await clockSettingsOf(ctx.pool, employee.companyId)) };
}

/** The ticket of an identified employee at a client their company accepts. */
async function ticketAt(ctx: IdentificationContext, holder: Holder, client: KioskClient, method: 'pin' | 'card'): Promise<ClockTicket> {
  if (client.kiosk) await markKioskSeen(ctx.pool, client.kiosk, ctx.now());
  const proof = { method, matchScore: null, spoofScore: null, ...kioskClaims(client.kiosk, client.kioskId), clientIp: client.clientIp };
  return issueTicket(ctx, holder.employee, proof, holder);
}

/**
 * Identifies by identifier (email or national ID) and PIN (see verifyClaim). The address restriction is checked
 * only once the PIN is right, so it tells an outsider nothing about who exists.
 */
export async function identifyByPin(
  ctx: IdentificationContext,
  input: { identifier: string; pin: string; kioskId: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<ClockTicket> {
  const client = await kioskClientOf(ctx, input);
  return ticketAt(ctx, await pinHolding(ctx, input, client), client, 'pin');
}

/** Who the identifier and PIN name, at a client their company accepts (identifyByPin's rules, without the ticket). */
export async function pinHolder(ctx: IdentificationContext, input: { identifier: string; pin: string }, client: KioskClient): Promise<KioskEmployee> {
  return (await pinHolding(ctx, input, client)).employee;
}

async function pinHolding(ctx: IdentificationContext, input: { identifier: string; pin: string }, client: KioskClient): Promise<Holder> {
  const candidates = await findPinCandidates(ctx.pool, input.identifier);
  const verified = await verifyClaim(ctx, { candidates, pin: input.pin, wrong: 'wrongIdOrPin' }, client);
  for (const employee of verified) {
    const { context, settings } = await clockOf(ctx, employee);
    if (await settingsAllow(ctx.pool, settings, employee.companyId, client)) return { employee, context };
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
  ctx: IdentificationContext,
  input: { card: string; pin: string | null; kioskId: string | null; kioskToken: string | null; clientIp: string | null },
): Promise<CardIdentified> {
  const client = await kioskClientOf(ctx, input);
  const holder = await cardHolding(ctx, input, client);
  if (holder === 'pinRequired') return { pinRequired: true, message: formatMessage('pinAfterCardRequired') };
  return { ...(await ticketAt(ctx, holder, client, 'card')), pinRequired: false };
}

/** Who the card (and PIN) names, under identifyByCard's rules, without the ticket; 'pinRequired' when the company asks for the PIN after a card. */
export async function cardHolder(
  ctx: IdentificationContext,
  input: { card: string; pin: string | null },
  client: KioskClient,
): Promise<KioskEmployee | 'pinRequired'> {
  const holder = await cardHolding(ctx, input, client);
  return holder === 'pinRequired' ? holder : holder.employee;
}

async function cardHolding(ctx: IdentificationContext, input: { card: string; pin: string | null }, client: KioskClient): Promise<Holder | 'pinRequired'> {
  // Refused before any lookup where no card can be taken, so the answer tells nothing about the card.
  const takesCards = client.kiosk ? (await clockSettingsOf(ctx.pool, client.kiosk.companyId)).rfidClock : await anyCompanyTakesCards(ctx.pool);
  if (!takesCards) throw rfidClockOff();
  // Cards are unique per company only: a registered kiosk reads its own company's cards alone (and counts a
  // failure against no other company's holder of the same number).
  const found = await findCardCandidates(ctx.pool, input.card);
  const candidates = client.kiosk ? found.filter((candidate) => candidate.companyId === client.kiosk?.companyId) : found;
  const wrong = input.pin === null ? 'cardNotRecognized' : 'wrongCardOrPin';
  const verified = await verifyClaim(ctx, { candidates, pin: input.pin, wrong }, client);
  let refusal = accessDenied();
  const eligible: (Holder & { pinAfterCard: boolean })[] = [];
  for (const employee of verified) {
    const { context, settings } = await clockOf(ctx, employee);
    if (!(await settingsAllow(ctx.pool, settings, employee.companyId, client))) continue;
    if (!settings.rfidClock) {
      refusal = rfidClockOff();
      continue;
    }
    eligible.push({ employee, context, pinAfterCard: settings.pinAfterCard });
  }
  const [only, ...others] = eligible;
  if (!only) throw refusal;
  // Elsewhere the same number may name people of two companies (one Admin may have copied another's card to
  // take its punches): the card names nobody for sure, so it is refused as unknown rather than one picked.
  if (others.length > 0) throw new AppError('unauthorized', wrong);
  if (only.pinAfterCard && input.pin === null) return 'pinRequired';
  return only;
}
