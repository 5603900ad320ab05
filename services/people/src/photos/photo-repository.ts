import type { Queryable } from '@ams/db';
import { scopeCondition, type CompanyScope } from '@ams/service-kit';

export interface StoredPhoto {
  mediaType: string;
  bytes: Buffer;
}

export interface NewPhoto {
  photo: StoredPhoto;
  thumbnail: StoredPhoto;
}

/** Replaces the photo; its version goes up so the versioned URLs change. */
export async function savePhoto(db: Queryable, employeeId: string, photo: NewPhoto, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO employee_photos (employee_id, media_type, photo, thumbnail, thumbnail_media_type, version, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, 1, $6)
     ON CONFLICT (employee_id) DO UPDATE
       SET media_type = $2, photo = $3, thumbnail = $4, thumbnail_media_type = $5, version = employee_photos.version + 1, uploaded_at = $6`,
    [employeeId, photo.photo.mediaType, photo.photo.bytes, photo.thumbnail.bytes, photo.thumbnail.mediaType, now],
  );
}

export async function saveFaceTemplate(
  db: Queryable,
  employeeId: string,
  template: { model: string; embedding: Buffer; realScore: number; liveScore: number },
  now: Date,
): Promise<void> {
  await db.query(
    `INSERT INTO face_templates (employee_id, model, embedding, real_score, live_score, enrolled_at) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (employee_id) DO UPDATE SET model = $2, embedding = $3, real_score = $4, live_score = $5, enrolled_at = $6`,
    [employeeId, template.model, template.embedding, template.realScore, template.liveScore, now],
  );
}

/** The photo or its thumbnail, if the employee is one the scope sees. */
export async function readPhoto(db: Queryable, employeeId: string, kind: 'photo' | 'thumbnail', scope: CompanyScope): Promise<StoredPhoto | null> {
  const params: unknown[] = [employeeId];
  const column = kind === 'photo' ? 'p.photo' : 'p.thumbnail';
  const mediaType = kind === 'photo' ? 'p.media_type' : 'p.thumbnail_media_type';
  const { rows } = await db.query<StoredPhoto>(
    `SELECT ${mediaType} AS "mediaType", ${column} AS bytes FROM employee_photos p JOIN employees e ON e.id = p.employee_id
     WHERE p.employee_id = $1 AND ${scopeCondition(scope, 'e.company_id', params)}`,
    params,
  );
  return rows[0] ?? null;
}
