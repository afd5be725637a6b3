import {
  DEPLOYMENT_ABILITIES,
  type DeploymentAbilities,
  type DeploymentAbility,
  ErrorCode,
  LiaisonError,
  type OpName,
} from '@liaison/protocol';
import type { Bus } from '../../bus/bus';
import type { Database } from '../../db/database';
import type { SessionRegistry } from '../../gateway/registry';

/**
 * The ops each switch turns off, as the reference runtime refuses them without the plan (NO_USE,
 * 3122). C2C read state (setMessageRead) is not a group receipt and stays; so does unsubscribing.
 */
export const GATED_OPS: Partial<Record<OpName, DeploymentAbility>> = {
  sendMessageReadReceipt: 'groupReadReceipt',
  getMessageReadReceiptList: 'groupReadReceipt',
  getGroupMessageReadMemberList: 'groupReadReceipt',
  getUserStatus: 'onlineStatus',
  subscribeUserStatus: 'onlineStatus',
  setSelfStatus: 'onlineStatus',
  translateText: 'translation',
  convertVoiceToText: 'voiceToText',
};

export interface AbilitySwitchesDeps {
  db: Database;
  bus: Bus;
  registry: Pick<SessionRegistry, 'all'>;
  /** The environment's defaults (settings.ts). */
  defaults: DeploymentAbilities;
  /** This deployment's SDKAppID: processes of another app on the same NATS stay apart. */
  scope: string;
}

/**
 * The operator's switches for the reference's paid-plan capabilities: the environment's defaults,
 * overridden by what an admin saved (table deployment_abilities). Every process keeps them in
 * memory; a change is saved, then announced on the bus, and each process reads the table again
 * and pushes the result to its sessions (the SDK's SERVER_CONFIG_UPDATED).
 */
export class AbilitySwitches {
  private current: DeploymentAbilities;
  private readonly channel: string;

  constructor(private readonly deps: AbilitySwitchesDeps) {
    this.current = { ...deps.defaults };
    this.channel = `abilities.${deps.scope}`;
  }

  /** Loads the saved switches and listens to changes made on any process. */
  async start(onError: (err: unknown) => void): Promise<void> {
    this.deps.bus.onSignal(this.channel, () => {
      this.reload().then(
        () => this.pushToSessions(),
        (err: unknown) => onError(err),
      );
    });
    await this.reload();
  }

  get abilities(): DeploymentAbilities {
    return { ...this.current };
  }

  /** Refuses an op whose capability is switched off, with the reference's code. */
  admit(op: OpName): void {
    const ability = GATED_OPS[op];
    if (ability && !this.current[ability]) {
      throw new LiaisonError(ErrorCode.FEATURE_NOT_ENABLED, `${op}: ${ABILITY_OFF[ability]}`);
    }
  }

  /** Saves an admin's choice and tells every process; resolves with the switches as they now are. */
  async set(changes: Partial<DeploymentAbilities>): Promise<DeploymentAbilities> {
    const entries = DEPLOYMENT_ABILITIES.filter((ability) => changes[ability] !== undefined);
    if (entries.length > 0) {
      await this.deps.db.query(
        `INSERT INTO deployment_abilities (ability, enabled)
         SELECT * FROM unnest($1::text[], $2::boolean[])
         ON CONFLICT (ability) DO UPDATE SET enabled = EXCLUDED.enabled, updated_at = now()`,
        [entries, entries.map((ability) => changes[ability])],
      );
    }
    await this.reload();
    this.deps.bus.signal(this.channel, {});
    await this.deps.bus.flush();
    return this.abilities;
  }

  private async reload(): Promise<void> {
    const rows = await this.deps.db.query<{ ability: string; enabled: boolean }>(
      'SELECT ability, enabled FROM deployment_abilities',
    );
    const next = { ...this.deps.defaults };
    for (const row of rows) {
      if ((DEPLOYMENT_ABILITIES as readonly string[]).includes(row.ability)) {
        next[row.ability as DeploymentAbility] = row.enabled;
      }
    }
    this.current = next;
  }

  private pushToSessions(): void {
    const data = { abilities: this.abilities };
    for (const session of this.deps.registry.all()) session.push('deploymentAbilities', data);
  }
}

const ABILITY_OFF: Record<DeploymentAbility, string> = {
  groupReadReceipt: 'group read receipts are not enabled on this deployment',
  onlineStatus: 'online status is not enabled on this deployment',
  translation: 'translation is not enabled on this deployment',
  voiceToText: 'voice to text is not enabled on this deployment',
};
