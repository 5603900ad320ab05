/** Why the face engine refused or failed a request; callers map these codes to their own responses. */
export type FaceErrorCode = 'unreadable-image' | 'engine-busy' | 'engine-closed' | 'model-unavailable';

export class FaceError extends Error {
  override readonly name = 'FaceError';

  constructor(
    readonly code: FaceErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
