import type { z } from 'zod';
import { ErrorCode } from '../errors';
import { callOps } from './calls';
import { conversationOps } from './conversations';
import { deploymentOps } from './deployment';
import { fileOps } from './files';
import { followOps } from './follows';
import { friendGroupOps } from './friend-groups';
import { groupAdminOps } from './group-admin';
import { groupDataOps } from './group-data';
import { groupOps } from './groups';
import { mergerOps } from './merger';
import { messageActionOps } from './message-actions';
import { messageExtensionOps } from './message-extensions';
import { messageOps } from './messages';
import { presenceOps } from './presence';
import { profileOps } from './profiles';
import { reactionOps } from './reactions';
import { receiptOps } from './receipts';
import { friendOps } from './relations';
import { searchOps } from './search';
import { sessionOps } from './session';
import { topicOps } from './topics';
import { translationOps } from './translation';

/**
 * Every operation: its request schema (validated by the server) and its response schema
 * (validated by the SDK). The wire frame is {id, op, body} → {id, ok, data | error}. Each
 * capability's ops are in its own file.
 */
export const ops = {
  ...callOps,
  ...fileOps,
  ...friendOps,
  ...friendGroupOps,
  ...followOps,
  ...groupAdminOps,
  ...groupDataOps,
  ...mergerOps,
  ...messageActionOps,
  ...messageExtensionOps,
  ...reactionOps,
  ...receiptOps,
  ...searchOps,
  ...presenceOps,
  ...topicOps,
  ...translationOps,
  ...sessionOps,
  ...profileOps,
  ...messageOps,
  ...conversationOps,
  ...groupOps,
  ...deploymentOps,
} as const;

export type Ops = typeof ops;
export type OpName = keyof Ops;
export type OpRequest<K extends OpName> = z.input<Ops[K]['request']>;
export type OpRequestParsed<K extends OpName> = z.output<Ops[K]['request']>;
export type OpResponse<K extends OpName> = z.output<Ops[K]['response']>;

/**
 * The code a request that fails its schema is refused with: 60003, but where Tencent refuses bad
 * options to a call with a code of its own (every bad updateMyProfile field is its SDK's 2721,
 * bad user-search options its server's 27003). A refinement naming its own code still wins.
 */
export function invalidParamsCode(op: OpName): ErrorCode {
  return OWN_INVALID_PARAMS_CODES[op] ?? ErrorCode.INVALID_PARAMS;
}

const OWN_INVALID_PARAMS_CODES: Partial<Record<OpName, ErrorCode>> = {
  updateMyProfile: ErrorCode.UPDATE_PROFILE_INVALID_PARAM,
  searchCloudUsers: ErrorCode.SEARCH_PARAMS_INVALID,
};

export function isOpName(value: unknown): value is OpName {
  return typeof value === 'string' && Object.hasOwn(ops, value);
}
