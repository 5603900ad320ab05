import { createHash, timingSafeEqual } from 'node:crypto';
import { CSRF_HEADER } from '@ams/contracts';
import type { FastifyRequest } from 'fastify';

const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isUnsafeMethod(method: string): boolean {
  return !SAFE_METHODS.has(method);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Double submit: the header must equal the token's `csrf` claim, which another site can neither read
 * nor make the browser send. Compared through digests so the time taken says nothing about either.
 */
export function hasValidCsrfHeader(request: FastifyRequest, expected: string): boolean {
  const given = request.headers[CSRF_HEADER];
  if (typeof given !== 'string' || given === '') return false;
  return timingSafeEqual(digest(given), digest(expected));
}
