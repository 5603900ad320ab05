import type { AnalyseResult } from './analyse-image.ts';
import type { FaceErrorCode } from './errors.ts';

/** A decoded photo sent to a face worker; `pixels` is transferred, not copied. */
export interface AnalyseRequest {
  id: number;
  pixels: ArrayBuffer;
  width: number;
  height: number;
  scale: number;
}

/** A face worker's answer to one request; a FaceError keeps its code across the thread boundary. */
export type AnalyseReply = { id: number; ok: true; result: AnalyseResult } | { id: number; ok: false; message: string; code: FaceErrorCode | null };
