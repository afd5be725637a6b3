/** Stars an evaluation offers, and where it starts (spec chat.md §4 "Evaluation", §9). */
export const EVALUATION_STARS = 5;
export const DEFAULT_SCORE = 5;

/**
 * The score after clicking star `index` (0-based): that star's score (index + 1); clicking the
 * star that is already the selected score steps down one, so the last star can be unset.
 */
export function nextScore(current: number, index: number): number {
  const clicked = index + 1;
  return clicked === current ? current - 1 : clicked;
}

/** An evaluation can be sent with a star or a comment (spec §5). */
export function canSubmitEvaluation(score: number, comment: string): boolean {
  return score > 0 || comment.trim() !== '';
}

/** The custom message data of an evaluation (businessID 'evaluate', spec §3). */
export function evaluationData(score: number, comment: string): string {
  return JSON.stringify({ businessID: 'evaluate', version: 1, score, comment });
}

/** The description and extension an evaluation carries, as the reference kit sends it. */
export const EVALUATION_DESCRIPTION = '对本次的服务评价';
