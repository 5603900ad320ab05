export { IMAGE_TYPES, type ImageType } from './image-type.ts';
export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS, inspectImage, makeThumbnail, reencodePhoto, STORED_PHOTO_TYPE, type ImageCheck } from './image.ts';
export { createFaceEngine, type AnalyseResult, type FaceAnalysis, type FaceEngine, type FaceEngineOptions } from './engine.ts';
export { FACE_MODEL, EMBEDDING_LENGTH, encodeEmbedding, decodeEmbedding, normaliseEmbedding } from './embedding.ts';
export { similarity, MATCH_THRESHOLD } from './similarity.ts';
export { FaceIndex, type FaceMatch } from './face-index.ts';
export { isFaceModelLoaded } from './human-loader.ts';
export { FaceError, type FaceErrorCode } from './errors.ts';
export type { Box } from './face-selection.ts';
