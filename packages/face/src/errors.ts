/** Why the face engine refused or failed a request; callers map these codes to their own responses. */
export type FaceErrorCode = 'unreadable-image' | 'engine-busy' | 'engine-closed' | 'engine-failed' | 'model-unavailable';

export class FaceError extends Error {
  override readonly name = 'FaceError';

  readonly code: FaceErrorCode;

  /** For `engine-busy`: about when the line will have room again, in whole seconds (at least 1). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: FaceErrorCode, message: string, options?: { cause?: unknown; retryAfterSeconds?: number }) {
    super(message, options);
    this.code = code;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
