import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, codeOfStatus, GENERIC_FAILURE_MESSAGE, statusOf, toProblem, type FieldError, type Problem } from './errors.ts';

function send(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => ({
    path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
    message: issue.message ?? 'Invalid value',
  }));
}

/** Every failure leaves as application/problem+json; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const instance = request.url;
    if (error instanceof AppError) {
      if (statusOf(error.code) >= 500) request.log.error({ err: error }, 'request failed');
      const message = statusOf(error.code) >= 500 ? GENERIC_FAILURE_MESSAGE : error.message;
      return send(reply, toProblem(error.code, message, { instance, ...(error.errors ? { errors: error.errors } : {}) }));
    }
    const errors = fieldErrorsOf(error);
    if (errors.length > 0) {
      // The first rule's message is the one a form shows (e.g. 'First name is required').
      return send(reply, toProblem('validation_failed', errors[0]?.message ?? 'Invalid request', { instance, errors }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, toProblem('internal', GENERIC_FAILURE_MESSAGE, { instance }));
    }
    return send(reply, toProblem(codeOfStatus(status), error.message, { instance }));
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, toProblem('not_found', `Route ${request.method} ${request.url.split('?')[0]} not found`, { instance: request.url })),
  );
}
