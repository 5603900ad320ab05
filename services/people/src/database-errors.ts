import { databaseErrorOf, SqlState } from '@ams/db';
import type { MessageKey } from '@ams/contracts';
import { AppError } from '@ams/service-kit';

/**
 * Runs a write and turns the database's refusals into the caller's words: a unique index names what
 * is taken, a foreign key says the record is still referred to. The database is the last line: the
 * services check first, but only constraints hold under concurrent writers.
 */
export async function translateConstraints<T>(
  write: () => Promise<T>,
  messages: { inUse: MessageKey; taken: (constraint: string) => MessageKey | undefined },
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const pgError = databaseErrorOf(error);
    if (pgError?.code === SqlState.foreignKeyViolation) throw new AppError('conflict', messages.inUse, { cause: error });
    if (pgError?.code === SqlState.uniqueViolation) {
      const message = messages.taken(pgError.constraint ?? '');
      if (message) throw new AppError('conflict', message, { cause: error });
    }
    throw error;
  }
}

type WithTimestamps<T> = Omit<T, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string };

/** A row's timestamptz columns as the API shows them (ISO 8601, UTC). */
export function withIsoTimestamps<T extends { createdAt: Date; updatedAt: Date }>(row: T): WithTimestamps<T> {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}
