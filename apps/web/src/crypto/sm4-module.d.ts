// sm-crypto's SM4 on its own: the package entry also pulls in SM2 and its big-number library,
// which the portal never uses.
declare module 'sm-crypto/src/sm4/index.js' {
  import type { sm4 } from 'sm-crypto';

  const cipher: typeof sm4;
  export default cipher;
}
