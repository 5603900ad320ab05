import { z } from 'zod';

/** The PostgreSQL errors a start-up most often meets, with what fixes them. */
const postgresHints: Record<string, string> = {
  '3D000': 'create it first, e.g. with createdb',
  '28P01': 'check the user and password in DATABASE_URL',
  '28000': 'check the user in DATABASE_URL',
};

/** Network errors on connecting (to PostgreSQL or Kafka), as Node's `code`. */
const connectionCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'EADDRINUSE', 'EACCES']);

function settingIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      const name = issue.path.join('.') || 'configuration';
      const unset = issue.code === 'invalid_type' && issue.message.endsWith('received undefined');
      return `${name}: ${unset ? 'is not set' : issue.message}`;
    })
    .join('; ');
}

/** One line for a set-up problem (settings, database, network); undefined for anything else (a bug). */
export function describeSetupError(error: unknown): string | undefined {
  if (error instanceof z.ZodError) return `bad configuration: ${settingIssues(error)}`;
  if (!(error instanceof Error)) return undefined;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && postgresHints[code]) return `${error.message} (${postgresHints[code]})`;
  if (code && connectionCodes.has(code)) return `cannot connect: ${error.message}`;
  if (error.name.startsWith('KafkaJS')) return `Kafka: ${error.message}`;
  if (error instanceof AggregateError && error.errors.length > 0) return describeSetupError(error.errors[0]);
  return undefined;
}

/**
 * Call first in a server entry: bad settings, a missing database or an unreachable server end the process with
 * one line saying what to fix (exit 1), instead of a stack trace; any other crash still prints its stack.
 */
export function failFastOnBadSetup(app: string): void {
  process.on('uncaughtException', (error) => {
    const setupProblem = describeSetupError(error);
    if (setupProblem) console.error(`${app} stopped: ${setupProblem}`);
    else console.error(error);
    process.exit(1);
  });
}
