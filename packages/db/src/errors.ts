/** The server's error fields that callers branch on; pg sets them on the errors it throws. */
export interface DatabaseErrorFields {
  code?: string;
  constraint?: string;
}

/** The server's error fields of `error`, or null when it did not come from the database. */
export function databaseErrorOf(error: unknown): DatabaseErrorFields | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? (error as DatabaseErrorFields) : null;
}

/** SQLSTATE codes the services translate into their own words. */
export const SqlState = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
} as const;
