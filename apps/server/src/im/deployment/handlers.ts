import type { OpHandlers } from '../handler';
import type { AbilitySwitches } from './abilities';

/** The deployment's switches as the SDK reads them: abilities.ts. */
export const deploymentHandlers: OpHandlers<'getDeploymentAbilities', { abilities: AbilitySwitches }> = {
  getDeploymentAbilities: async ({ abilities }) => ({ abilities: abilities.abilities }),
};
