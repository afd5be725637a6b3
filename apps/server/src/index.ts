export { createServer, type LiaisonServer, type ServerOptions } from './app';
export { genUserSig, verifyUserSig } from './auth/usersig';
export { loadConfig } from './config';
export type { BlobStore } from './files/blob-store';
export type { FileModeration, UploadedFile } from './files/moderation';
export type { FileSettings, S3Settings } from './files/settings';
