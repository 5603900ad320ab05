import { newEvent, withOutbox } from '@ams/bus';
import type { Employee } from '@ams/contracts';
import { encodeEmbedding, FACE_MODEL, FaceError, inspectImage, makeThumbnail, reencodePhoto, STORED_PHOTO_TYPE, type FaceAnalysis } from '@ams/face';
import { AppError, scopeOf, type SignedInPrincipal } from '@ams/service-kit';
import type { PeopleContext } from '../context.ts';
import { deletePhotoAndFace, findEmployee } from '../employees/employee-repository.ts';
import { lockedEmployee, reloadEmployee } from '../employees/employee-service.ts';
import { employeeChanged, employeeView } from '../employees/employee-view.ts';
import { faceClockingEnabled } from '../safeguarding/safeguarding-service.ts';
import { readPhoto, saveFaceTemplate, savePhoto, type StoredPhoto } from './photo-repository.ts';

const THUMBNAIL_TYPE = 'image/webp';

/** A busy or unavailable engine is a moment's outage (503), an undecodable photo the user's to replace. */
function faceFailure(error: unknown): never {
  if (!(error instanceof FaceError)) throw error;
  if (error.code === 'unreadable-image') throw new AppError('unprocessable', 'imageNotRecognized', { cause: error });
  throw new AppError('unavailable', 'faceAnalysisIsBusyPleaseTryAgain', { cause: error, retryAfter: error.retryAfterSeconds });
}

/**
 * The bytes must be a photo we accept, showing exactly one face; else the spec's message. What is kept
 * and analysed is the photo re-encoded from its pixels, never the uploaded bytes (metadata, trailers).
 */
async function analysedPhoto(ctx: PeopleContext, bytes: Buffer): Promise<{ photo: Buffer; face: FaceAnalysis }> {
  const check = await inspectImage(bytes);
  if (!check.ok) {
    if (check.reason === 'too-large') throw new AppError('payload_too_large', 'thePhotoIsTooLargeAtMost');
    if (check.reason === 'unsupported-type') throw new AppError('unsupported_media_type', 'unsupportedPhoto');
    throw new AppError('unprocessable', 'imageNotRecognized');
  }
  const photo = await reencodePhoto(bytes).catch(faceFailure);
  const analysis = await ctx.faces.analyse(photo).catch(faceFailure);
  if (analysis.kind !== 'one-face') throw new AppError('unprocessable', 'imageNotRecognized');
  return { photo, face: analysis.face };
}

/**
 * Stores the photo and its thumbnail and enrols the face: the template (embedding and spoof scores)
 * stays in this service and goes to attendance only inside employee.FaceEnrolled.
 */
export async function uploadPhoto(ctx: PeopleContext, caller: SignedInPrincipal, id: string, bytes: Buffer): Promise<Employee> {
  // Cheap refusal first: the face model is the expensive part.
  if (!(await findEmployee(ctx.pool, id, scopeOf(caller)))) throw new AppError('not_found', 'employeesNotFound');
  const { photo, face } = await analysedPhoto(ctx, bytes);
  const thumbnail = await makeThumbnail(photo);
  const embedding = encodeEmbedding(face.embedding);
  return withOutbox(ctx, async (tx, record) => {
    const employee = await lockedEmployee(tx, caller, id);
    const now = ctx.now();
    await savePhoto(tx, id, { photo: { mediaType: STORED_PHOTO_TYPE, bytes: photo }, thumbnail: { mediaType: THUMBNAIL_TYPE, bytes: thumbnail } }, now);
    // A company that turned face clocking off keeps photos only: no template is made or sent.
    if (await faceClockingEnabled(tx, employee.companyId)) {
      await saveFaceTemplate(
        tx,
        id,
        { model: FACE_MODEL, embedding: Buffer.from(embedding, 'base64'), realScore: face.realScore, liveScore: face.liveScore },
        now,
      );
      record(
        newEvent(
          'employee.FaceEnrolled',
          id,
          {
            employeeId: id,
            companyId: employee.companyId,
            model: FACE_MODEL,
            embedding,
            realScore: face.realScore,
            liveScore: face.liveScore,
            enrolledAt: now.toISOString(),
            thumbnail: thumbnail.toString('base64'),
          },
          { now },
        ),
      );
    }
    const row = await reloadEmployee(tx, id);
    record(employeeChanged('employee.EmployeeUpdated', row, now));
    return employeeView(row, now);
  });
}

export async function removePhoto(ctx: PeopleContext, caller: SignedInPrincipal, id: string): Promise<void> {
  await withOutbox(ctx, async (tx, record) => {
    await lockedEmployee(tx, caller, id);
    if (!(await deletePhotoAndFace(tx, id))) return;
    const now = ctx.now();
    record(newEvent('employee.FaceRemoved', id, { employeeId: id }, { now }));
    record(employeeChanged('employee.EmployeeUpdated', await reloadEmployee(tx, id), now));
  });
}

export async function photoOf(ctx: PeopleContext, caller: SignedInPrincipal, id: string, kind: 'photo' | 'thumbnail'): Promise<StoredPhoto> {
  const photo = await readPhoto(ctx.pool, id, kind, scopeOf(caller));
  if (!photo) throw new AppError('not_found', 'thisEmployeeHasNoPhoto');
  return photo;
}
