import { AppError, route, type ServiceApp, type TableHandler } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { photoOf, removePhoto, uploadPhoto } from './photo-service.ts';

/** Photo URLs carry their version, so a cached copy is never stale; private: they show a person. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

type PhotoDownload = 'GET /api/employees/:id/image' | 'GET /api/employees/:id/thumbnail';

/** Answers with the image's own bytes and media type. */
function sendPhoto(ctx: PeopleContext, kind: 'photo' | 'thumbnail'): TableHandler<PhotoDownload> {
  return async ({ caller, params }, reply) => {
    const photo = await photoOf(ctx, caller, params.id, kind);
    return reply.type(photo.mediaType).header('cache-control', CACHE_CONTROL).send(photo.bytes);
  };
}

export function registerPhotoRoutes(app: ServiceApp, ctx: PeopleContext): void {
  route(app, 'PUT /api/employees/:id/image', ({ caller, params, body }) => {
    // Other parsers (JSON, text) may have taken a body declared as something else.
    if (!Buffer.isBuffer(body)) throw new AppError('unsupported_media_type', 'unsupportedPhoto');
    return uploadPhoto(ctx, caller, params.id, body);
  });
  route(app, 'DELETE /api/employees/:id/image', ({ caller, params }) => removePhoto(ctx, caller, params.id));
  route(app, 'GET /api/employees/:id/image', sendPhoto(ctx, 'photo'));
  route(app, 'GET /api/employees/:id/thumbnail', sendPhoto(ctx, 'thumbnail'));
}
