import { z } from 'zod';
import { UPLOAD_KINDS } from '../constants';
import { displayText } from '../text';

/**
 * Files travel over HTTP, never over the socket: the client asks for a short-lived upload grant
 * here, PUTs the bytes to `uploadURL`, and sends a message naming the fileID the upload returned.
 * Downloads carry the viewer's file access token (`?token=`), since an <img> cannot send headers.
 */
export const fileOps = {
  createUpload: {
    request: z.object({
      kind: z.enum(UPLOAD_KINDS),
      fileName: displayText({ min: 1, maxBytes: 255 }),
      /** Bytes the client will send; refused at once when over 100MB (7005) or 0 (7004). */
      size: z.number().int().nonnegative(),
    }),
    response: z.object({
      /** Path on the server to PUT the raw bytes to (Content-Length required). */
      uploadURL: z.string(),
      /** Milliseconds since the epoch. */
      expiresAt: z.number().int(),
      maxBytes: z.number().int().positive(),
    }),
  },
  /** A token that lets this user fetch the files of conversations they are in (appended as ?token=). */
  getFileAccessToken: {
    request: z.object({}),
    response: z.object({ token: z.string(), expiresAt: z.number().int() }),
  },
} as const;

/** What a completed upload answers (HTTP, JSON): the file's ID to put in a message, and what the server found. */
export const fileUploadResultSchema = z.object({
  uuid: z.string(),
  kind: z.enum(UPLOAD_KINDS),
  contentType: z.string(),
  size: z.number().int().nonnegative(),
  /** Images: pixel size of the original (after EXIF orientation). */
  width: z.number().int().nonnegative().nullable(),
  height: z.number().int().nonnegative().nullable(),
});
export type FileUploadResult = z.infer<typeof fileUploadResultSchema>;
