import { withOutbox, type RecordEvent } from '@ams/bus';
import { toSignedInUser, type SignedInUser } from '@ams/contracts';
import { inspectImage, makeThumbnail, reencodePhoto } from '@ams/face';
import type { Queryable } from '@ams/db';
import { AppError, type ClientInfo, type SignedInPrincipal } from '@ams/service-kit';
import type { IdentityContext } from '../context.ts';
import { activityRecorded } from '../events.ts';
import { userSaved } from '../users/user-events.ts';
import { findUser, updateUser } from '../users/user-repository.ts';

const PROFILE_IMAGE_TYPE = 'image/webp';
/** Shown at 32 px in the header; twice that for sharp screens, and room for a larger avatar later. */
const PROFILE_IMAGE_SIZE = 128;

/**
 * The photo pipeline (packages/face) without the face: the bytes must be an image we accept; what is kept is
 * re-encoded from its pixels (no metadata) and cropped square around what draws attention.
 */
async function profileImageOf(bytes: Buffer): Promise<Buffer> {
  const check = await inspectImage(bytes);
  if (!check.ok) {
    if (check.reason === 'too-large') throw new AppError('payload_too_large', 'thePhotoIsTooLargeAtMost');
    if (check.reason === 'unsupported-type') throw new AppError('unsupported_media_type', 'unsupportedPhoto');
    throw new AppError('unprocessable', 'imageNotRecognized');
  }
  try {
    return await makeThumbnail(await reencodePhoto(bytes), PROFILE_IMAGE_SIZE);
  } catch (error) {
    throw new AppError('unprocessable', 'imageNotRecognized', { cause: error });
  }
}

/** Points the caller's user at its new image (or none) and records the change: the user saved, and who changed it. */
async function saveImageOf(tx: Queryable, record: RecordEvent, caller: SignedInPrincipal, image: string | null, now: Date, client: ClientInfo) {
  await updateUser(tx, caller.userId, { image }, now);
  const saved = await findUser(tx, caller.userId, { kind: 'all' });
  if (!saved) throw new AppError('unauthorized', 'userIdNotDefined');
  record(userSaved(saved, now));
  record(
    activityRecorded(
      { action: 'user-updated', actor: { id: saved.id, email: saved.email }, subject: { kind: 'user', id: saved.id }, client, details: { changed: 'image' } },
      now,
    ),
  );
  return saved;
}

export async function uploadProfileImage(ctx: IdentityContext, caller: SignedInPrincipal, bytes: Buffer, client: ClientInfo): Promise<SignedInUser> {
  const image = await profileImageOf(bytes);
  const user = await withOutbox(ctx, async (tx, record) => {
    const now = ctx.now();
    await tx.query(
      `INSERT INTO user_images (user_id, media_type, bytes, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id) DO UPDATE SET media_type = EXCLUDED.media_type, bytes = EXCLUDED.bytes, updated_at = EXCLUDED.updated_at`,
      [caller.userId, PROFILE_IMAGE_TYPE, image, now],
    );
    // The URL changes with every upload, so no cache shows the previous image.
    return saveImageOf(tx, record, caller, `/api/me/image?v=${now.getTime()}`, now, client);
  });
  return toSignedInUser(user);
}

export async function removeProfileImage(ctx: IdentityContext, caller: SignedInPrincipal, client: ClientInfo): Promise<SignedInUser> {
  const user = await withOutbox(ctx, async (tx, record) => {
    const now = ctx.now();
    await tx.query('DELETE FROM user_images WHERE user_id = $1', [caller.userId]);
    return saveImageOf(tx, record, caller, null, now, client);
  });
  return toSignedInUser(user);
}

export async function profileImage(ctx: IdentityContext, caller: SignedInPrincipal): Promise<{ mediaType: string; bytes: Buffer }> {
  const { rows } = await ctx.pool.query<{ media_type: string; bytes: Buffer }>('SELECT media_type, bytes FROM user_images WHERE user_id = $1', [caller.userId]);
  if (!rows[0]) throw new AppError('not_found', 'notFound');
  return { mediaType: rows[0].media_type, bytes: rows[0].bytes };
}
