import { createCipheriv, createDecipheriv } from 'node:crypto';
import { PortalCode, PortalError } from '../envelope';

/** The portal's login fields arrive SM4-ECB encrypted (PKCS#7), base64 (spec portal.md §9). */
export function sm4Decrypt(keyHex: string, base64: string): string {
  try {
    const decipher = createDecipheriv('sm4-ecb', Buffer.from(keyHex, 'hex'), null);
    const text = Buffer.concat([decipher.update(Buffer.from(base64, 'base64')), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(text);
  } catch {
    throw new PortalError(PortalCode.ERROR, '请求参数解密失败');
  }
}

export function sm4Encrypt(keyHex: string, text: string): string {
  const cipher = createCipheriv('sm4-ecb', Buffer.from(keyHex, 'hex'), null);
  return Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]).toString('base64');
}

export function isSm4Key(value: string): boolean {
  return /^[0-9a-fA-F]{32}$/.test(value);
}
