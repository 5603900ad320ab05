import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Duplex } from 'node:stream';
import { issueMessage, type MessageKey } from '@ams/contracts';
import { AppError, codeOfStatus, GENERIC_FAILURE, statusOf, toProblem, type ErrorCode, type FieldError, type Problem } from './errors.ts';
import type { RouteIndex } from './route-index.ts';

function send(reply: FastifyReply, problem: Problem): FastifyReply {
  return reply.code(problem.status).type('application/problem+json').send(problem);
}

function fieldErrorsOf(error: FastifyError): FieldError[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  return error.validation.map((issue) => {
    // The schemas state their messages by key (a custom issue brings its parameters); a rule that states none keeps zod's text.
    const { message, messageKey, params } = issueMessage({ message: issue.message ?? 'Invalid value', params: issue.params['params'] });
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    return { path, message, ...(messageKey ? { messageKey } : {}), ...(params ? { params } : {}) };
  });
}

/**
 * What the framework's own refusals say: fixed texts, since Fastify's messages repeat the request
 * (its URL, its media type) back to the client.
 */
const frameworkDetails: Partial<Record<ErrorCode, MessageKey>> = {
  bad_request: 'requestNotValid',
  not_found: 'notFound',
  payload_too_large: 'requestBodyTooLarge',
  uri_too_long: 'urlTooLong',
  unsupported_media_type: 'unsupportedMediaType',
};

function frameworkProblem(status: number, message: string, instance?: string): Problem {
  const code = codeOfStatus(status);
  const messageKey = frameworkDetails[code];
  return toProblem(code, messageKey ? { messageKey } : message, instance ? { instance } : {});
}

/** A client error seen before any request exists (malformed HTTP, headers too large): answered on the socket. */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (!socket.writable) return void socket.destroy(error);
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(toProblem('bad_request', { messageKey: status === 431 ? 'requestHeadersTooLarge' : 'requestNotValid' }));
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Fastify options that route the router's own refusals (bad URL encoding, over-long parameters) to problem+json. */
export const problemFrameworkOptions = {
  frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
    const status = error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 414 : 400;
    void send(reply, frameworkProblem(status, error.message));
  },
  clientErrorHandler: answerClientError,
};

/** Every failure leaves as application/problem+json; a 5xx never shows its internals. */
export function registerErrorHandling(app: FastifyInstance, routes: RouteIndex): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // The client closed the connection mid-answer (a proxied body cut short): there is no one to answer and
    // nothing failed here, so it is not logged as an error.
    if (reply.raw.destroyed) {
      request.log.debug({ err: error }, 'client went away');
      return reply;
    }
    const instance = request.url;
    if (error instanceof AppError) {
      if (statusOf(error.code) >= 500) request.log.error({ err: error }, 'request failed');
      if (error.retryAfter !== undefined) void reply.header('retry-after', String(Math.max(1, Math.ceil(error.retryAfter))));
      const message = statusOf(error.code) >= 500 ? GENERIC_FAILURE : { messageKey: error.messageKey, ...(error.params ? { params: error.params } : {}) };
      return send(
        reply,
        toProblem(error.code, message, { instance, ...(error.errors ? { errors: error.errors } : {}), ...(error.reason ? { reason: error.reason } : {}) }),
      );
    }
    const errors = fieldErrorsOf(error);
    if (errors.length > 0) {
      // The first rule's message is the one a form shows (e.g. 'First name is required').
      const first = errors[0];
      const message = first?.messageKey
        ? { messageKey: first.messageKey, ...(first.params ? { params: first.params } : {}) }
        : (first?.message ?? { messageKey: 'invalidRequest' as const });
      return send(reply, toProblem('validation_failed', message, { instance, errors }));
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return send(reply, toProblem('internal', GENERIC_FAILURE, { instance }));
    }
    return send(reply, frameworkProblem(status, error.message, instance));
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const allowed = routes.allowedMethods(path);
    if (allowed.length > 0) {
      void reply.header('allow', allowed.join(', '));
      return send(reply, toProblem('method_not_allowed', { messageKey: 'methodNotAllowed', params: { methods: allowed.join(', ') } }, { instance: path }));
    }
    return send(reply, toProblem('not_found', { messageKey: 'notFound' }, { instance: path }));
  });
}
