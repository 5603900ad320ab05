import { findApiRoute, idParamsSchema, PHOTO_UPLOAD, employeeSchema } from '@ams/contracts';
import { AppError, signedInCaller, type ServiceApp } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { photoOf, removePhoto, UNSUPPORTED_PHOTO, uploadPhoto } from './photo-service.ts';

/** Photo URLs carry their version, so a cached copy is never stale; private: they show a person. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

export function registerPhotoRoutes(app: ServiceApp, ctx: PeopleContext): void {
  const upload = findApiRoute('PUT', '/api/employees/:id/image');
  // The body is the photo's bytes; its declared type only picks the parser, the bytes are checked.
  app.addContentTypeParser([...PHOTO_UPLOAD.mediaTypes], { parseAs: 'buffer', bodyLimit: PHOTO_UPLOAD.maxBytes }, (_request, body, done) => done(null, body));

  app.put(upload.path, { bodyLimit: PHOTO_UPLOAD.maxBytes, schema: { params: idParamsSchema, response: { 200: employeeSchema } } }, (request) => {
    // Other parsers (JSON, text) may have taken a body declared as something else.
    if (!Buffer.isBuffer(request.body)) throw new AppError('unsupported_media_type', UNSUPPORTED_PHOTO);
    return uploadPhoto(ctx, signedInCaller(request.principal), request.params.id, request.body);
  });

  app.delete(findApiRoute('DELETE', '/api/employees/:id/image').path, { schema: { params: idParamsSchema } }, async (request, reply) => {
    await removePhoto(ctx, signedInCaller(request.principal), request.params.id);
    return reply.code(204).send();
  });

  for (const [route, kind] of [
    ['/api/employees/:id/image', 'photo'],
    ['/api/employees/:id/thumbnail', 'thumbnail'],
  ] as const) {
    app.get(findApiRoute('GET', route).path, { schema: { params: idParamsSchema } }, async (request, reply) => {
      const photo = await photoOf(ctx, signedInCaller(request.principal), request.params.id, kind);
      return reply.type(photo.mediaType).header('cache-control', CACHE_CONTROL).send(photo.bytes);
    });
  }
}
