// Why the server refuses an uploaded model (issue 13): one list shared by the server, which
// refuses with it, and the API client, whose callers show the zh/en message for it.

export const MODEL_UPLOAD_REFUSALS = [
  'notModel',
  'corrupt',
  'tooLarge',
  'tooManyTriangles',
  'tooManyTextures',
  'textureTooLarge',
  'textureFormat',
  'missingFile',
  'emptyScene',
  'unsupportedExtension',
  // the conversion's worker thread died or ran past its time (server/catalogues/model-upload-pool.ts)
  'conversionFailed',
] as const;

/** retdata.reason of a refused upload; the message (retmsg) says it in the user's language. */
export type ModelUploadRefusalReason = (typeof MODEL_UPLOAD_REFUSALS)[number];
