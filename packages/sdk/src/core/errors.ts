import { ErrorCode, LiaisonError } from '@liaison/protocol';

/** A bad argument to the public API (60003), refused before anything is sent. */
export function invalidParams(message: string): LiaisonError {
  return new LiaisonError(ErrorCode.INVALID_PARAMS, message);
}

/** Every rejection of the public API is a LiaisonError; anything else becomes INTERNAL. */
export function toLiaisonError(error: unknown): LiaisonError {
  if (error instanceof LiaisonError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new LiaisonError(ErrorCode.INTERNAL, message);
}

/** A schema failure in one short line: `path: message; …` (first few issues). */
export function describeIssues(
  error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> },
  root: string,
): string {
  const shown = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join('.') || root}: ${issue.message}`);
  const more = error.issues.length - shown.length;
  return more > 0 ? `${shown.join('; ')} (and ${more} more)` : shown.join('; ');
}
