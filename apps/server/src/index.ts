export { createServer, type LiaisonServer, type ServerOptions } from './app';
export { genUserSig, verifyUserSig } from './auth/usersig';
export { loadConfig } from './config';
