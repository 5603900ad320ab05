/** Why the face engine refused or failed a request; callers map these codes to their own responses. */
export type FaceErrorCode = 'unreadable-image' | 'engine-busy' | 'engine-closed' | 'model-unavailable';

export class FaceError extends Error {
  override readonly name = 'FaceError';

  readonly code: FaceErrorCode;

  constructor(code: FaceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
