import { createHmac } from 'node:crypto';

/** Checks of Chinese identity numbers, by their published check-digit rules. */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
/** Province-level codes of GB/T 2260 (the first two digits). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61, 62, 63,
  64, 65, 71, 81, 82, 91,
]);

export type IdCardProblem = 'format' | 'checksum';

/** An 18-character resident identity number (GB 11643): region, a real birth date, check digit. */
export function checkIdCard(value: string, today = new Date()): IdCardProblem | null {
  const id = value.toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return 'format';
  const year = Number(id.slice(6, 10));
  const month = Number(id.slice(10, 12));
  const day = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(year, month - 1, day));
  const real = birth.getUTCFullYear() === year && birth.getUTCMonth() === month - 1 && birth.getUTCDate() === day;
  if (!real || year < 1900 || birth.getTime() > today.getTime()) return 'format';
  return idCardCheckDigit(id.slice(0, 17)) === id[17] ? null : 'checksum';
}

/** The check digit of the first 17 digits of an identity number. */
export function idCardCheckDigit(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] as number);
  return ID_CHECK[sum % 11] as string;
}

/** Shows the region and the last four characters only. */
export function maskIdCard(value: string): string {
  return `${value.slice(0, 6)}********${value.slice(-4)}`;
}

export function maskName(name: string): string {
  const chars = [...name];
  return chars.length <= 1 ? name : `${chars[0]}${'*'.repeat(chars.length - 1)}`;
}

export function maskMobile(mobile: string): string {
  return `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;
}

const USCC_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const USCC_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The unified social credit code of an organisation (GB 32100-2015), check character included. */
export function isCreditCode(value: string): boolean {
  const code = value.toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** The check character of the first 17 characters of a unified social credit code. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += USCC_CHARS.indexOf(first17[i] as string) * (USCC_WEIGHTS[i] as number);
  return USCC_CHARS[(31 - (sum % 31)) % 31] as string;
}

/** A keyed hash of an identity number: lets us find a second account for the same person. */
export function idCardHash(key: string, idCard: string): string {
  return createHmac('sha256', key).update(idCard.toUpperCase()).digest('hex');
}
