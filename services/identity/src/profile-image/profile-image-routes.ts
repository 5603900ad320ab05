import { AppError, route, type ServiceApp } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { profileImage, removeProfileImage, uploadProfileImage } from './profile-image-service.ts';

export function registerProfileImageRoutes(app: ServiceApp, ctx: IdentityContext): void {
  route(app, 'PUT /api/me/image', ({ caller, body, client }) => {
    // Other parsers (JSON, text) may have taken a body declared as something else.
    if (!Buffer.isBuffer(body)) throw new AppError('unsupported_media_type', 'unsupportedPhoto');
    return uploadProfileImage(ctx, caller, body, client);
  });
  route(app, 'GET /api/me/image', async ({ caller }, reply) => {
    const image = await profileImage(ctx, caller);
    // Its URL carries a version: a cached copy is never stale. Private: it may show a person.
    return reply.type(image.mediaType).header('cache-control', 'private, max-age=31536000, immutable').send(image.bytes);
  });
  route(app, 'DELETE /api/me/image', ({ caller, client }) => removeProfileImage(ctx, caller, client));
}
