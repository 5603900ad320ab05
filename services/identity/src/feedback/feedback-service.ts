import { randomUUID } from 'node:crypto';
import { withOutbox } from '@ams/bus';
import { FEEDBACK_SCREENSHOT_MAX_BYTES, formatMessage, type Feedback, type FeedbackCreate } from '@ams/contracts';
import { AppError, invalidField, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { findUser } from '../users/user-repository.ts';
import { findFeedback, insertFeedback, listFeedback, resolveFeedback, screenshotOf, type FeedbackFilter } from './feedback-repository.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The PNG bytes of a data URL, refused unless they are a PNG within the size limit. */
function screenshotBytes(dataUrl: string): Buffer {
  const base64 = dataUrl.slice(dataUrl.indexOf(',') + 1);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw invalidField('screenshot', 'feedbackScreenshotNotPng');
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > FEEDBACK_SCREENSHOT_MAX_BYTES) throw invalidField('screenshot', 'feedbackScreenshotTooLarge');
  if (bytes.length < 33 || !bytes.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) throw invalidField('screenshot', 'feedbackScreenshotNotPng');
  return bytes;
}

/** Any signed-in user's feedback, kept with who sent it and their company (the Admins of that company see it). */
export async function sendFeedback(ctx: IdentityContext, caller: SignedInPrincipal, input: FeedbackCreate): Promise<{ message: string; feedback: Feedback }> {
  const screenshot = input.screenshot ? screenshotBytes(input.screenshot) : null;
  const feedback = await withOutbox(ctx, async (tx) => {
    const sender = await findUser(tx, caller.userId, { kind: 'all' });
    if (!sender) throw new AppError('unauthorized', 'userIdNotDefined');
    return insertFeedback(tx, {
      id: randomUUID(),
      senderId: sender.id,
      senderName: sender.name,
      senderEmail: sender.email,
      companyId: sender.companyId,
      category: input.category,
      message: input.message,
      page: input.page,
      screenshot,
      createdAt: ctx.now(),
    });
  });
  return { message: formatMessage('feedbackSent'), feedback };
}

export function feedbackList(ctx: IdentityContext, caller: SignedInPrincipal, filter: FeedbackFilter): Promise<{ items: Feedback[]; total: number }> {
  return listFeedback(ctx.pool, scopeOf(caller), filter);
}

export async function feedbackScreenshot(ctx: IdentityContext, caller: SignedInPrincipal, id: string): Promise<Buffer> {
  const { found, screenshot } = await screenshotOf(ctx.pool, id, scopeOf(caller));
  if (!found) throw new AppError('not_found', 'feedbackNotFound');
  if (!screenshot) throw new AppError('not_found', 'notFound');
  return screenshot;
}

export async function markFeedbackResolved(ctx: IdentityContext, caller: SignedInPrincipal, id: string): Promise<Feedback> {
  return withOutbox(ctx, async (tx) => {
    if (!(await resolveFeedback(tx, id, scopeOf(caller), caller.userId, ctx.now()))) throw new AppError('not_found', 'feedbackNotFound');
    const resolved = await findFeedback(tx, id, scopeOf(caller));
    if (!resolved) throw new AppError('not_found', 'feedbackNotFound');
    return resolved;
  });
}
