import { randomInt, randomUUID } from 'node:crypto';
import type { Sql } from '../db/database';
import { CAPTCHA_ALPHABET, renderCaptchaSvg, toDataUrl } from './captcha-image';
import { PortalCode, PortalError } from './envelope';

/** spec portal.md §7: the answer is kept server-side, used once, and lasts 2 minutes. */
export const CAPTCHA_TTL_MS = 2 * 60_000;

/** 23 symbols, 5 of them: 23^5 ≈ 6.4 million answers, so a fixed guess wins once in millions. */
export const CAPTCHA_LENGTH = 5;

export interface Captcha {
  id: string;
  /** The picture of the question, as a data URL. */
  verifyCode: string;
}

/** Issues a random code, drawn as paths with noise, and stores it as the answer. */
export async function issueCaptcha(db: Sql, now = Date.now()): Promise<Captcha & { answer: string }> {
  const answer = randomCode();
  const id = randomUUID();
  await db.query('INSERT INTO portal_captchas (id, answer, expires_at) VALUES ($1, $2, $3)', [
    id,
    answer,
    now + CAPTCHA_TTL_MS,
  ]);
  // Expired rows of others go as new ones come, so the table stays small without a timer.
  await db.query('DELETE FROM portal_captchas WHERE expires_at < $1', [now]);
  return { id, verifyCode: toDataUrl(renderCaptchaSvg(answer)), answer };
}

/** Checks and uses up a captcha: right or wrong, the same id never works twice. Case does not matter. */
export async function consumeCaptcha(db: Sql, id: string, given: string, now = Date.now()): Promise<void> {
  const [row] = await db.query<{ answer: string; expires_at: unknown }>(
    'DELETE FROM portal_captchas WHERE id = $1 RETURNING answer, expires_at',
    [id],
  );
  if (!row || Number(row.expires_at) < now) throw new PortalError(PortalCode.ERROR, '图形验证码已失效，请刷新后重试');
  if (row.answer !== given.trim().toUpperCase()) throw new PortalError(PortalCode.ERROR, '图形验证码错误');
}

/** The answer of a pending captcha; only the explicitly enabled test hook calls this. */
export async function peekCaptchaAnswer(db: Sql, id: string): Promise<string | null> {
  const [row] = await db.query<{ answer: string }>('SELECT answer FROM portal_captchas WHERE id = $1', [id]);
  return row?.answer ?? null;
}

function randomCode(): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) code += CAPTCHA_ALPHABET.charAt(randomInt(CAPTCHA_ALPHABET.length));
  return code;
}
