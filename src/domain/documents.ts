// A document a caller hands to a use case: its bytes, the name it came with, and the SHA-256 the
// door computed while receiving it. Any door's upload (multipart, MCP, A2A) has this shape.
export interface UploadedDocument {
  filename: string;
  mimetype: string;
  bytes: Uint8Array;
  sha256: string;
}

/** One file of a multipart request, as the HTTP door receives it (src/http/upload.ts). */
export interface UploadedFile extends UploadedDocument {
  /** The multipart field it came in. */
  field: string;
  bytes: Buffer;
}
