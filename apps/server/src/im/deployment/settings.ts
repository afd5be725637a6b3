import type { DeploymentAbilities, DeploymentAbility } from '@liaison/protocol';

/** The environment variable that sets each capability's default (docs/deploy.md, Deployment plans). */
export const ABILITY_ENV: Record<DeploymentAbility, string> = {
  groupReadReceipt: 'ABILITY_GROUP_READ_RECEIPT',
  onlineStatus: 'ABILITY_ONLINE_STATUS',
  translation: 'ABILITY_TRANSLATION',
  voiceToText: 'ABILITY_VOICE_TO_TEXT',
};

/** Self-hosted, everything the operator runs is theirs: every capability starts on. */
export const defaultAbilities: DeploymentAbilities = {
  groupReadReceipt: true,
  onlineStatus: true,
  translation: true,
  voiceToText: true,
};

/** Each capability's default: 1 on (unset too), 0 off. An admin's choice, once saved, wins over it. */
export function abilitiesFromEnv(env: NodeJS.ProcessEnv): DeploymentAbilities {
  const abilities = { ...defaultAbilities };
  for (const [ability, name] of Object.entries(ABILITY_ENV) as [DeploymentAbility, string][]) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    if (raw !== '0' && raw !== '1') throw new Error(`${name} must be 0 or 1, got "${raw}"`);
    abilities[ability] = raw === '1';
  }
  return abilities;
}
