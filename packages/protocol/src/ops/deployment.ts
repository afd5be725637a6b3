import { z } from 'zod';

/**
 * The capabilities the reference cloud sells in a higher plan (spec chat.md §1: group read
 * receipts, the online-user list, translation, voice to text). Self-hosted, each is an operator's
 * switch (docs/deploy.md, Deployment plans): on by default.
 */
export const DEPLOYMENT_ABILITIES = ['groupReadReceipt', 'onlineStatus', 'translation', 'voiceToText'] as const;
export type DeploymentAbility = (typeof DEPLOYMENT_ABILITIES)[number];

export const deploymentAbilitiesSchema = z.object({
  groupReadReceipt: z.boolean(),
  onlineStatus: z.boolean(),
  translation: z.boolean(),
  voiceToText: z.boolean(),
}) satisfies z.ZodType<Record<DeploymentAbility, boolean>>;
export type DeploymentAbilities = z.infer<typeof deploymentAbilitiesSchema>;

/** What the deployment offers: the SDK answers callExperimentalAPI('isCommercialAbilityEnabled') from it. */
export const deploymentOps = {
  getDeploymentAbilities: {
    request: z.object({}).strict(),
    response: z.object({ abilities: deploymentAbilitiesSchema }),
  },
} as const;
