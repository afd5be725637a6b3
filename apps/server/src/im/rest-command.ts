import type { z } from 'zod';

/** Codes a command answers when its body is refused or it fails unexpectedly (Tencent's, per service). */
export interface RestServiceCodes {
  invalidParams: number;
  internal: number;
  /** A capability's codes this service numbers otherwise (Tencent's services differ among themselves). */
  renumbered?: Readonly<Record<number, number>>;
}

/**
 * One REST API command: its body's schema, its service's codes, and what it does. `run` answers
 * the command's own fields (beside ActionStatus, ErrorCode and ErrorInfo); a refusal is thrown,
 * a RestError or a capability's LiaisonError.
 */
export interface RestCommand<Deps, S extends z.ZodType = z.ZodType> {
  schema: S;
  codes: RestServiceCodes;
  run(deps: Deps, body: z.infer<S>, caller: RestCaller): Promise<object>;
}

/** Who called: the administrator the URL named. */
export interface RestCaller {
  identifier: string;
}

/** A command typed by its schema, for a table that holds many. */
export function restCommand<Deps, S extends z.ZodType>(command: RestCommand<Deps, S>): RestCommand<Deps> {
  return command as unknown as RestCommand<Deps>;
}
