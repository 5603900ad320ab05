import { invalidField } from './errors.ts';

/** NUL (PostgreSQL text and jsonb refuse it) or a lone surrogate (not valid UTF-8 once encoded). */
function isUnsafe(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

const MAX_DEPTH = 64;

/** The dotted path of the first unsafe string (value or key) inside `value`, or null. */
export function findUnsafeText(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return isUnsafe(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH || Buffer.isBuffer(value)) return null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = findUnsafeText(item, path === '' ? String(index) : `${path}.${index}`, depth + 1);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path === '' ? key : `${path}.${key}`;
    if (isUnsafe(key)) return itemPath;
    const found = findUnsafeText(item, itemPath, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Refuses NUL and broken Unicode in path parameters, the query and the body of every route, before
 * validation and so before any of it reaches SQL or jsonb: one 400 naming the field.
 */
export function assertSafeText(request: { params: unknown; query: unknown; body: unknown }): void {
  // A whole body that is text or bytes is a raw upload (a photo), for its route to judge; JSON bodies are objects.
  const body = typeof request.body === 'object' ? request.body : null;
  for (const part of [request.params, request.query, body]) {
    const path = findUnsafeText(part);
    if (path !== null) {
      throw invalidField(path, 'unsafeText');
    }
  }
}
