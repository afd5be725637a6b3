import { ErrorCode, LiaisonError } from '@liaison/protocol';
import type { ModerationContext, ModerationProvider } from './provider';

/** What a message says, as moderation sees it. */
export interface ModeratedContent {
  texts: string[];
  /** sha256 of each image the message shows. */
  images: string[];
}

/**
 * Refuses a send whose text (80001) or image (80004) the provider blocks. Resolves true when a
 * provider wants to look again later ('review'): the message goes out and may be flagged.
 */
export async function moderate(
  provider: ModerationProvider,
  content: ModeratedContent,
  context: ModerationContext,
): Promise<{ underReview: boolean }> {
  const texts = content.texts.filter((t) => t !== '');
  const images = content.images.filter((h) => h !== '');
  const [textVerdicts, imageVerdicts] = await Promise.all([
    Promise.all(texts.map((t) => provider.checkText(t, context))),
    Promise.all(images.map((h) => provider.checkImage(h, context))),
  ]);
  if (textVerdicts.includes('block')) throw new LiaisonError(ErrorCode.TEXT_SENSITIVE);
  if (imageVerdicts.includes('block')) throw new LiaisonError(ErrorCode.IMAGE_SENSITIVE);
  return { underReview: [...textVerdicts, ...imageVerdicts].includes('review') };
}
