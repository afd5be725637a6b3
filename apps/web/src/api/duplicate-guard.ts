/** Spec §9: an identical POST or PUT within this window is refused. */
export const DUPLICATE_WINDOW_MS = 1000;
/** Spec §9: bodies this large are not compared (serialising them to compare costs too much). */
export const DUPLICATE_SIZE_LIMIT = 5 * 1024 * 1024;

export interface Submission {
  url: string;
  body: unknown;
}

/**
 * Remembers the last submission and refuses an identical one that follows within the window,
 * as the original portal did (only the last one is kept: a different request in between
 * lets the next identical one through).
 */
export function createDuplicateGuard(now: () => number = Date.now) {
  let last: { url: string; key: string; time: number } | null = null;

  return {
    /** True when the submission repeats the previous one too soon; otherwise it becomes the previous one. */
    isDuplicate(submission: Submission): boolean {
      const { key, size } = describeBody(submission.body);
      if (size >= DUPLICATE_SIZE_LIMIT) return false;
      const time = now();
      if (last && last.url === submission.url && last.key === key && time - last.time < DUPLICATE_WINDOW_MS) {
        return true;
      }
      last = { url: submission.url, key, time };
      return false;
    },
  };
}

function describeBody(body: unknown): { key: string; size: number } {
  if (body instanceof FormData) {
    let size = 0;
    const parts: string[] = [];
    body.forEach((value, name) => {
      if (typeof value === 'string') {
        size += value.length;
        parts.push(`${name}=${value}`);
      } else {
        size += value.size;
        parts.push(`${name}=file:${value.name}:${value.size}:${value.lastModified}`);
      }
    });
    return { key: parts.join('&'), size };
  }
  const key = body === undefined ? '' : JSON.stringify(body);
  return { key, size: key.length };
}
