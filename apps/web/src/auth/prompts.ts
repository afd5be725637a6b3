import { decideRoute, isManageCenter, type VerificationPrompt, type Viewer, verificationPrompt } from './guards';

export interface PromptContext {
  viewer: Viewer;
  /** The prompts this login has answered (去认证 or 暂不). */
  answered: readonly string[];
  /** The login or beta modal is open: prompts come one at a time, never stacked. */
  isOtherModalOpen: boolean;
  path: string;
}

/**
 * The verification prompt to show now, if any (spec §4): once per login, until answered, never
 * over another modal, not on a page the guard is about to leave (its beta modal comes first),
 * and not in the management centre, which leads there by itself.
 */
export function promptToShow({ viewer, answered, isOtherModalOpen, path }: PromptContext): VerificationPrompt | null {
  if (isOtherModalOpen || isManageCenter(path) || decideRoute(path, viewer).kind !== 'allow') return null;
  const prompt = verificationPrompt(viewer);
  return prompt && !answered.includes(prompt) ? prompt : null;
}
