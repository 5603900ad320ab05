-- Up Migration
-- A user's profile image, as the photo pipeline leaves it (re-encoded, square, small): shown in the header's
-- user menu. users.image holds its URL (with a version, so caches never show an old one).
CREATE TABLE user_images (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  media_type text NOT NULL,
  bytes bytea NOT NULL,
  updated_at timestamptz NOT NULL
);

-- Down Migration
DROP TABLE user_images;
