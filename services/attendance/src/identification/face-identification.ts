import { unregisteredFacePolicy } from '@ams/directory';
import { FaceError, type LiveFace } from '@ams/face';
import { AppError } from '@ams/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { accessDenied, companyAllows } from '../devices/client-access.ts';
import { normaliseAddress } from '../devices/client-address.ts';
import { kioskOfToken, markKioskSeen, type RegisteredKiosk } from '../devices/kiosk-devices.ts';
import { companiesWithoutFaceClocking } from '../projection/face-clocking.ts';
import type { KioskEmployee } from '../projection/kiosk-employee.ts';
import { issueTicket, kioskClaims, type ClockTicket } from '../tickets/issue-ticket.ts';
import { findKioskEmployee } from './candidate-repository.ts';
import type { IdentificationContext } from './identification-context.ts';

/** Every refusal about the frames or the face is this one answer, so it does not say which check failed. */
const notRecognized = () => new AppError('unprocessable', 'faceNotRecognized');
const round = (score: number) => Math.round(score * 1000) / 1000;

/**
 * Which companies' employees this client may identify by face: at a registered kiosk, any (the registered-kiosk
 * rules then keep it to its own company); at an unregistered browser, only those of companies that turned
 * faceAtUnregisteredBrowsers on (and, as for PINs, have no registered kiosk). When no company turned it on, the
 * browser is refused (403) before any analysis. A kiosk of a company without face clocking is refused too.
 */
async function faceCompaniesFor(ctx: IdentificationContext, kiosk: RegisteredKiosk | null): Promise<(companyId: string) => boolean> {
  // Safeguarding: a company that turned face clocking off is never identified by face (its templates are gone too).
  const withoutFace = await companiesWithoutFaceClocking(ctx.pool);
  if (kiosk) {
    if (withoutFace.has(kiosk.companyId)) throw new AppError('forbidden', 'faceClockingOff');
    return (companyId) => !withoutFace.has(companyId);
  }
  const policy = await unregisteredFacePolicy(ctx.pool);
  if (!policy.any) throw new AppError('forbidden', 'faceNeedsRegisteredKiosk');
  return (companyId) => policy.allows(companyId) && !withoutFace.has(companyId);
}

/** One live, moving face in the burst, or the spec's refusal; a busy or missing model is 503. */
async function liveFaceIn(ctx: IdentificationContext, frames: readonly Buffer[], log: FastifyBaseLogger): Promise<LiveFace> {
  let verdict;
  try {
    verdict = await ctx.faces.analyseBurst(frames);
  } catch (error) {
    if (!(error instanceof FaceError)) throw error;
    if (error.code === 'unreadable-image') throw notRecognized();
    // A full line says when it will have room (Retry-After); a failed model or worker does not know.
    throw new AppError('unavailable', 'faceUnavailable', { cause: error, retryAfter: error.retryAfterSeconds });
  }
  if (verdict.kind === 'refused') {
    const { kind: _kind, ...why } = verdict;
    log.info(why, 'kiosk burst refused');
    throw notRecognized();
  }
  return verdict.face;
}

/**
 * Identifies whoever faces the kiosk camera from a burst of frames. Every refusal about the frames or the
 * face (none, several, a still replayed, two people, no movement, a likely spoof, nobody similar enough) is
 * the spec's one message with 422, so a refusal does not say which check failed. A match in a company that
 * refuses this client's address or kiosk is 403, naming nobody.
 */
export async function identifyByFace(
  ctx: IdentificationContext,
  input: { frames: readonly Buffer[]; kioskId: string | null; kioskToken: string | null; clientIp: string | null },
  log: FastifyBaseLogger,
): Promise<ClockTicket> {
  const kiosk = await kioskOfToken(ctx.pool, input.kioskToken);
  const clientIp = normaliseAddress(input.clientIp);
  const { employee, matchScore, spoofScore } = await faceHolder(ctx, input.frames, { kiosk, clientIp }, log);
  if (kiosk) await markKioskSeen(ctx.pool, kiosk, ctx.now());
  return issueTicket(ctx, employee, { method: 'face', matchScore, spoofScore, ...kioskClaims(kiosk, input.kioskId), clientIp });
}

/** Who faces the camera in the burst, under identifyByFace's rules, without the ticket. */
export async function faceHolder(
  ctx: IdentificationContext,
  frames: readonly Buffer[],
  client: { kiosk: RegisteredKiosk | null; clientIp: string | null },
  log: FastifyBaseLogger,
): Promise<{ employee: KioskEmployee; matchScore: number; spoofScore: number }> {
  const faceAllowed = await faceCompaniesFor(ctx, client.kiosk);
  const face = await liveFaceIn(ctx, frames, log);
  await ctx.faceTemplates.sync(ctx.pool);
  const candidates = ctx.faceTemplates.candidates(face.embedding).filter((candidate) => faceAllowed(candidate.companyId));
  for (const candidate of candidates) {
    if (!(await companyAllows(ctx.pool, candidate.companyId, client))) continue;
    const employee = await findKioskEmployee(ctx.pool, candidate.employeeId);
    if (!employee || employee.employmentStatus !== 'active') continue;
    return { employee, matchScore: round(candidate.similarity), spoofScore: round(1 - face.realScore) };
  }
  if (candidates.length > 0) throw accessDenied();
  throw notRecognized();
}
