import type { Pool } from '@ams/db';

/** What the kiosks' registration and their clients' checks work with (a part of the attendance context). */
export interface DeviceContext {
  pool: Pool;
  now: () => Date;
}
