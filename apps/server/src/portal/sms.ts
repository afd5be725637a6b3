import { createHash, randomInt } from 'node:crypto';
import type { Sql } from '../db/database';
import { PortalCode, PortalError } from './envelope';

/** spec portal.md §9: one code per number per 120 s; the code itself lasts 5 minutes. */
export const SMS_RESEND_MS = 120_000;
export const SMS_CODE_TTL_MS = 5 * 60_000;

/** One login code for one number: template-based gateways send the code, others the text. */
export interface SmsMessage {
  mobile: string;
  code: string;
  text: string;
}

/**
 * Where text messages go. The offline default is the dev outbox; real gateways are in
 * sms-gateways.ts. A failed send throws.
 */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

export const SMS_SEND_FAILED = '短信发送失败，请稍后重试';
export const SMS_LOGIN_DISABLED = '短信登录未开启';

export interface OutboxEntry {
  mobile: string;
  text: string;
  sentAt: number;
}

/**
 * No SMS gateway configured: messages are written to the server log and kept (the last 100) for
 * the dev outbox endpoint, which is off unless explicitly enabled.
 */
export class DevOutbox implements SmsProvider {
  private readonly entries: OutboxEntry[] = [];

  constructor(private readonly log: (line: string) => void) {}

  async send({ mobile, text }: SmsMessage): Promise<void> {
    this.entries.push({ mobile, text, sentAt: Date.now() });
    if (this.entries.length > 100) this.entries.shift();
    this.log(`dev SMS outbox: to ${mobile}: ${text}`);
  }

  list(): readonly OutboxEntry[] {
    return this.entries;
  }
}

/**
 * What a code is for. Each purpose has its own code per number, its own 120 s wait and its own
 * text, so an official-service code never logs anyone in.
 */
export type SmsPurpose = 'login' | 'official-service';

const SMS_TEXTS: Record<SmsPurpose, (code: string) => string> = {
  login: (code) => `您的登录验证码是 ${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
  'official-service': (code) => `您正在申请官方服务，验证码是 ${code}，5分钟内有效。如非本人操作，请忽略本短信。`,
};

export interface SmsCodeOptions {
  /** Unset: a login code. */
  purpose?: SmsPurpose;
  /** Test configuration only: every code is this one. */
  fixedCode: string | null;
  /** Told why the gateway failed (never the code); the user gets SMS_SEND_FAILED. */
  onGatewayError(err: unknown): void;
}

/**
 * Sends a login code (or one of another purpose), at most once per number and purpose per 120 s,
 * across every server process. A send the gateway refuses leaves neither a usable code nor a wait.
 */
export async function sendLoginCode(
  db: Sql,
  provider: SmsProvider,
  mobile: string,
  options: SmsCodeOptions,
  now = Date.now(),
): Promise<void> {
  const purpose = options.purpose ?? 'login';
  const code = options.fixedCode ?? String(randomInt(0, 1_000_000)).padStart(6, '0');
  // The upsert only wins when no code was sent in the last 120 s: the check and the claim are one step.
  const claimed = await db.query(
    `INSERT INTO portal_sms_codes (mobile, purpose, code_hash, sent_at, expires_at) VALUES ($1, $6, $2, $3, $4)
     ON CONFLICT (mobile, purpose) DO UPDATE SET code_hash = EXCLUDED.code_hash, sent_at = EXCLUDED.sent_at,
                                                 expires_at = EXCLUDED.expires_at, attempts = 0
       WHERE portal_sms_codes.sent_at <= $5
     RETURNING mobile`,
    [mobile, hashCode(mobile, code), now, now + SMS_CODE_TTL_MS, now - SMS_RESEND_MS, purpose],
  );
  if (claimed.length === 0) {
    const [row] = await db.query<{ sent_at: unknown }>(
      'SELECT sent_at FROM portal_sms_codes WHERE mobile = $1 AND purpose = $2',
      [mobile, purpose],
    );
    const wait = Math.max(1, Math.ceil((Number(row?.sent_at ?? now) + SMS_RESEND_MS - now) / 1000));
    throw new PortalError(PortalCode.ERROR, `验证码发送过于频繁，请${wait}秒后再试`);
  }
  try {
    await provider.send({ mobile, code, text: SMS_TEXTS[purpose](code) });
  } catch (err) {
    await db.query(
      'UPDATE portal_sms_codes SET sent_at = 0, expires_at = 0 WHERE mobile = $1 AND purpose = $3 AND code_hash = $2',
      [mobile, hashCode(mobile, code), purpose],
    );
    options.onGatewayError(err);
    throw new PortalError(PortalCode.ERROR, SMS_SEND_FAILED);
  }
}

function hashCode(mobile: string, code: string): string {
  return createHash('sha256').update(`${mobile}:${code}`).digest('hex');
}

/** Wrong tries one code survives; the next wrong try uses it up. */
export const SMS_MAX_ATTEMPTS = 5;
export const SMS_CODE_EXPIRED = '验证码已过期，请重新获取';

/**
 * Checks a login code without using it up, so the caller can look the account up only after a
 * right code. A wrong code counts a try; after five the code is gone.
 */
export async function checkLoginCode(db: Sql, mobile: string, code: string, now = Date.now()): Promise<void> {
  const right = await db.query(
    `SELECT mobile FROM portal_sms_codes
      WHERE mobile = $1 AND purpose = 'login' AND code_hash = $2 AND expires_at >= $3 AND attempts < $4`,
    [mobile, hashCode(mobile, code), now, SMS_MAX_ATTEMPTS],
  );
  if (right.length === 1) return;
  await refuseWrongCode(db, mobile, 'login', now);
}

/**
 * Uses up a code (a login code unless `purpose` says otherwise). A wrong code counts a try; after
 * five the code is gone. The row stays (spent) so the 120 s resend limit still holds.
 */
export async function consumeLoginCode(
  db: Sql,
  mobile: string,
  code: string,
  now = Date.now(),
  purpose: SmsPurpose = 'login',
): Promise<void> {
  const used = await db.query(
    `UPDATE portal_sms_codes SET expires_at = 0
      WHERE mobile = $1 AND purpose = $5 AND code_hash = $2 AND expires_at >= $3 AND attempts < $4 RETURNING mobile`,
    [mobile, hashCode(mobile, code), now, SMS_MAX_ATTEMPTS, purpose],
  );
  if (used.length === 1) return;
  await refuseWrongCode(db, mobile, purpose, now);
}

async function refuseWrongCode(db: Sql, mobile: string, purpose: SmsPurpose, now: number): Promise<never> {
  const counted = await db.query<{ attempts: number }>(
    `UPDATE portal_sms_codes SET attempts = attempts + 1,
            expires_at = CASE WHEN attempts + 1 >= $3 THEN 0 ELSE expires_at END
      WHERE mobile = $1 AND purpose = $4 AND expires_at >= $2 RETURNING attempts`,
    [mobile, now, SMS_MAX_ATTEMPTS, purpose],
  );
  throw new PortalError(PortalCode.ERROR, counted.length === 1 ? '验证码错误' : SMS_CODE_EXPIRED);
}
