import { type DeploymentAbilities, type DeploymentAbility, ErrorCode, LiaisonError } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, EVENT, ok } from './core/types';
import type { Emitter } from './events';

export interface DeploymentContext {
  request: RequestFunction;
  events: Pick<Emitter, 'emit'>;
  isLoggedIn(): boolean;
}

/**
 * Tencent's purchase bits (the decimal keys its kits pass to isCommercialAbilityEnabled; its
 * engine asks 2^5, 2^7, 2^38, 2^39, 2^40 and 2^48) that an operator's switch decides.
 */
const SWITCHED_BITS: ReadonlyMap<bigint, DeploymentAbility> = new Map([
  [1n << 5n, 'groupReadReceipt'],
  [1n << 7n, 'onlineStatus'],
  [1n << 38n, 'translation'],
  [1n << 39n, 'voiceToText'],
]);

/**
 * Bits of capabilities this server always has (Tencent's runtime names them): group and friend
 * search 2^1, communities 2^3, targeted group messages 2^4, AVChatRoom member list 2^6 and bans
 * 2^11, conversation marks 2^9 and groups 2^10, message extensions 2^13, group counters 2^15,
 * reactions 2^48, follows 2^52. Any other bit is a capability it does not have (AVChatRoom
 * history 2^2: those messages are never stored; the customer-service, push and bot plugins
 * 2^40–2^42), answered as a plan without it.
 */
const ALWAYS_BITS: ReadonlySet<bigint> = new Set(
  [1n, 3n, 4n, 6n, 9n, 10n, 11n, 13n, 15n, 48n, 52n].map((n) => 1n << n),
);

/**
 * What the deployment offers, as Tencent's `callExperimentalAPI` answers it: the paid-plan
 * capabilities are the operator's switches, read from the server once per login and kept up to
 * date by its push (SERVER_CONFIG_UPDATED). The statistics and reporting apis answer as Tencent's
 * do and send nothing anywhere.
 */
export class Deployment {
  private abilities: DeploymentAbilities | null = null;
  private loading: Promise<DeploymentAbilities> | null = null;

  constructor(private readonly context: DeploymentContext) {}

  /** Tencent's experimental apis its kits call; an api it does not know rejects with 2905, as Tencent's. */
  callExperimentalAPI(api: string, param?: unknown): unknown {
    switch (api) {
      case 'isCommercialAbilityEnabled':
        return this.isCommercialAbilityEnabled(param);
      // Every module of Tencent's full package is here.
      case 'canIUseModule':
        return true;
      // Tencent's answer nothing (and report usage to Tencent); these report nothing.
      case 'isFeatureEnabledForStat':
      case 'statTUIKeyFeatures':
        return undefined;
      // Later runtimes, whose kits call these without waiting, take them; nothing is reported.
      case 'reportTUIFeatureUsage':
      case 'reportModalView':
        return Promise.resolve(ok<Record<string, never>>({}));
      // TUIRoom's custom data: no room service here, as Tencent's answer without one.
      case 'sendTRTCCustomData':
      case 'sendRoomCustomData':
        return Promise.reject(new LiaisonError(ErrorCode.INVALID_TRTC_CMD));
      default:
        return Promise.reject(new LiaisonError(ErrorCode.INVALID_OPERATION));
    }
  }

  /**
   * `{enabled}`: true when every bit of `key` (a decimal number, as Tencent's kits pass) is a
   * capability the deployment has on. Logged out, nothing is on, as Tencent's without its config.
   */
  async isCommercialAbilityEnabled(key: unknown): Promise<ChatResponse<{ enabled: boolean }>> {
    const bits = bitsOf(key);
    if (bits.length === 0) return ok({ enabled: true });
    const abilities = this.context.isLoggedIn() ? await this.current() : null;
    const enabled = bits.every((bit) => {
      const ability = SWITCHED_BITS.get(bit);
      if (ability) return abilities?.[ability] ?? false;
      return abilities !== null && ALWAYS_BITS.has(bit);
    });
    return ok({ enabled });
  }

  /** The operator changed a switch: Tencent's SERVER_CONFIG_UPDATED with the switches as `config`. */
  handlePush(abilities: DeploymentAbilities): void {
    this.abilities = abilities;
    this.loading = null;
    this.context.events.emit(EVENT.SERVER_CONFIG_UPDATED, { config: { ...abilities } });
  }

  reset(): void {
    this.abilities = null;
    this.loading = null;
  }

  private current(): Promise<DeploymentAbilities> {
    if (this.abilities) return Promise.resolve(this.abilities);
    if (!this.loading) {
      const loading = this.context.request('getDeploymentAbilities', {}).then(({ abilities }) => {
        if (this.loading === loading) this.abilities = abilities;
        return abilities;
      });
      loading.catch(() => {
        if (this.loading === loading) this.loading = null;
      });
      this.loading = loading;
    }
    return this.loading;
  }
}

/** The set bits of a decimal key, each as its power of two; none for anything that is not a whole number. */
function bitsOf(key: unknown): bigint[] {
  let value: bigint;
  try {
    value = typeof key === 'bigint' ? key : BigInt(typeof key === 'string' ? key.trim() : Math.trunc(Number(key)));
  } catch {
    return [];
  }
  const bits: bigint[] = [];
  for (let bit = 1n; value > 0n && bit <= value; bit <<= 1n) if (value & bit) bits.push(bit);
  return bits;
}
