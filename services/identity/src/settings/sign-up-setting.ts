import type { Queryable } from '@ams/db';

export async function isSelfSignUpOpen(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ self_sign_up: boolean }>('SELECT self_sign_up FROM identity_settings WHERE id = 1');
  return rows[0]?.self_sign_up ?? false;
}

export async function setSelfSignUp(db: Queryable, enabled: boolean): Promise<void> {
  await db.query('UPDATE identity_settings SET self_sign_up = $1 WHERE id = 1', [enabled]);
}
