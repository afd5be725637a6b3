import type { OpName, OpRequestParsed, OpResponse } from '@liaison/protocol';
import type { ClientSession, SessionUser } from './session';

/**
 * One op's handler: `deps` is what its capability needs of the server (the gateway passes all of
 * it), `session` the connection that asked, `user` its logged-in user, `body` the validated body.
 */
export type OpHandler<K extends OpName, Deps, S extends ClientSession = ClientSession> = (
  deps: Deps,
  session: S,
  user: SessionUser,
  body: OpRequestParsed<K>,
) => Promise<OpResponse<K>>;

/** A capability's handlers, one per op it answers. */
export type OpHandlers<K extends OpName, Deps> = { [P in K]: OpHandler<P, Deps> };
