import { route, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { feedbackList, feedbackScreenshot, markFeedbackResolved, sendFeedback } from './feedback-service.ts';

/*
 * Feedback lives in the identity service: it is about the signed-in user (who sent it, from which company),
 * which identity knows first-hand, and it needs no employee record (a SuperAdmin or an Admin without one sends it too).
 */
export function registerFeedbackRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'POST /api/feedback', ({ caller, body }) => sendFeedback(ctx, caller, body));
  route(app, 'GET /api/feedback', ({ caller, query }) => feedbackList(ctx, caller, query));
  route(app, 'GET /api/feedback/:id/screenshot', async ({ caller, params }, reply) => {
    const png = await feedbackScreenshot(ctx, caller, params.id);
    return reply.type('image/png').header('cache-control', 'private, no-store').send(png);
  });
  route(app, 'POST /api/feedback/:id/resolve', ({ caller, params }) => markFeedbackResolved(ctx, caller, params.id));
}
