import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../limits/rate-limiter';
import type { LimitSettings } from '../limits/settings';
import { countRefusal } from '../metrics/metrics';
import { PortalCode, PortalError } from './envelope';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type PortalLimitSettings = Pick<
  LimitSettings,
  | 'smsPerAddressPerHour'
  | 'smsTotalPerHour'
  | 'loginsPerAddressPer10Min'
  | 'registrationsPerAddressPerDay'
  | 'captchasPerAddressPerMinute'
  | 'uploadsPerUserPerMinute'
  | 'aiPromptsPerUserPerMinute'
  | 'reportsPerHour'
>;

/**
 * The portal's abuse limits, per client address (`request.ip`, which honours TRUST_PROXY) or per
 * user. Each route calls one of these first; a refusal is code 601 with "操作过于频繁" and how long
 * to wait, before anything else happens, so it changes nothing.
 */
export class PortalLimits {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly settings: PortalLimitSettings,
  ) {}

  captcha(request: FastifyRequest): Promise<void> {
    return this.enforce(`captcha:${request.ip}`, this.settings.captchasPerAddressPerMinute, MINUTE);
  }

  /** Every SMS request, solved or not, counts against its own address. */
  smsAddress(request: FastifyRequest): Promise<void> {
    return this.enforce(`sms:${request.ip}`, this.settings.smsPerAddressPerHour, HOUR);
  }

  /**
   * The deployment's hourly SMS budget, charged only once the captcha was solved: requests anyone
   * can make by the thousand (a wrong answer from many addresses) must not spend it for everyone.
   */
  async smsTotal(request: FastifyRequest): Promise<void> {
    try {
      await this.enforce('sms:total', this.settings.smsTotalPerHour, HOUR);
    } catch (err) {
      // Refused after all: the address's hit is given back, so the refusal costs the address nothing.
      await this.limiter.takeBack(`portal:sms:${request.ip}`, HOUR);
      throw err;
    }
  }

  login(request: FastifyRequest): Promise<void> {
    return this.enforce(`login:${request.ip}`, this.settings.loginsPerAddressPer10Min, 10 * MINUTE);
  }

  /** `login/mobile` registers when it carries a password, and logs in by SMS code otherwise. */
  mobileLogin(request: FastifyRequest): Promise<void> {
    const body = request.body as { password?: unknown } | null | undefined;
    if (body && typeof body === 'object' && body.password !== undefined) {
      return this.enforce(`register:${request.ip}`, this.settings.registrationsPerAddressPerDay, 24 * HOUR);
    }
    return this.login(request);
  }

  upload(userID: string): Promise<void> {
    return this.enforce(`upload:${userID}`, this.settings.uploadsPerUserPerMinute, MINUTE);
  }

  aiPrompt(userID: string): Promise<void> {
    return this.enforce(`ai:${userID}`, this.settings.aiPromptsPerUserPerMinute, MINUTE);
  }

  /** Counted per address and, when logged in, per user too (who may change address). */
  async report(request: FastifyRequest, userID: string | null): Promise<void> {
    const address = `report:${request.ip}`;
    await this.enforce(address, this.settings.reportsPerHour, HOUR);
    if (userID === null) return;
    try {
      await this.enforce(`report:user:${userID}`, this.settings.reportsPerHour, HOUR);
    } catch (err) {
      // Refused after all: the address's hit is given back, so the refusal changes nothing.
      await this.limiter.takeBack(`portal:${address}`, HOUR);
      throw err;
    }
  }

  private async enforce(key: string, limit: number, windowMs: number): Promise<void> {
    const { allowed, retryAfterMs } = await this.limiter.hit(`portal:${key}`, limit, windowMs);
    // The limit's name is the key before its address or user: a fixed set of metric labels.
    if (allowed) return;
    countRefusal(`portal_${key.split(':')[0]}`);
    throw new PortalError(PortalCode.WARN, `操作过于频繁，请${waitText(retryAfterMs)}后再试`);
  }
}

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return `${seconds}秒`;
  if (seconds < 3600) return `${Math.ceil(seconds / 60)}分钟`;
  return `${Math.ceil(seconds / 3600)}小时`;
}
