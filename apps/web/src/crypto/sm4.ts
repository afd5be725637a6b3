import cipher from 'sm-crypto/src/sm4/index.js';

/**
 * SM4-ECB with PKCS#7 padding, base64 out: how the portal sends passwords and the other login
 * fields the server decrypts with the shared key (32 hex digits).
 */
export function encryptSm4(plainText: string, keyHex: string): string {
  const bytes = cipher.encrypt(plainText, keyHex, { padding: 'pkcs#7', output: 'array' });
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
