import { ErrorCode, LiaisonError, RestError, RestErrorCode } from '@liaison/protocol';
import { type AppCredentials, verifyUserSig } from '../auth/usersig';

/** The query every REST API call carries (Tencent's names, case-sensitive as Tencent's are). */
export interface RestQuery {
  sdkappid?: unknown;
  identifier?: unknown;
  usersig?: unknown;
  random?: unknown;
  contenttype?: unknown;
}

const UINT32_MAX = 4_294_967_295;

/**
 * The caller, as Tencent checks one: this deployment's sdkappid (60012 without one, 60006 for
 * another), a usersig the app's key signed for the identifier (Tencent's 7000x codes), and an
 * identifier among the app's administrators (60010). `random` and `contenttype`, when given, must
 * be what Tencent allows (60002). Answers the administrator's userID.
 */
export function authoriseAdmin(
  query: RestQuery,
  app: AppCredentials,
  adminUserIDs: readonly string[],
  now = Date.now(),
): string {
  const { sdkappid, identifier, usersig, random, contenttype } = query;
  if (sdkappid === undefined || sdkappid === '') throw new RestError(RestErrorCode.SDKAPPID_MISSING);
  if (typeof sdkappid !== 'string' || !/^\d{1,10}$/.test(sdkappid) || Number(sdkappid) !== app.sdkAppID) {
    throw new RestError(RestErrorCode.SDKAPPID_INVALID);
  }
  if (random !== undefined && !isUint32(random)) {
    throw new RestError(RestErrorCode.HTTP_PARSE, 'random must be a 32-bit unsigned integer');
  }
  if (contenttype !== undefined && contenttype !== 'json') {
    throw new RestError(RestErrorCode.HTTP_PARSE, 'contenttype must be json');
  }
  if (typeof identifier !== 'string' || identifier === '' || typeof usersig !== 'string' || usersig === '') {
    throw new RestError(RestErrorCode.ACCOUNT_OR_SIG, 'identifier and usersig are required');
  }
  try {
    verifyUserSig(app, identifier, usersig, now);
  } catch (error) {
    throw sigRefusal(error);
  }
  if (!adminUserIDs.includes(identifier)) throw new RestError(RestErrorCode.ADMIN_REQUIRED);
  return identifier;
}

function isUint32(value: unknown): boolean {
  return typeof value === 'string' && /^\d{1,10}$/.test(value) && Number(value) <= UINT32_MAX;
}

const SIG_CODES: Partial<Record<number, RestErrorCode>> = {
  [ErrorCode.USERSIG_EXPIRED]: RestErrorCode.USERSIG_EXPIRED,
  [ErrorCode.USERSIG_INVALID]: RestErrorCode.USERSIG_INVALID,
  [ErrorCode.USERSIG_USER_MISMATCH]: RestErrorCode.USERSIG_USER_MISMATCH,
  [ErrorCode.USERSIG_APP_MISMATCH]: RestErrorCode.USERSIG_APP_MISMATCH,
};

function sigRefusal(error: unknown): RestError {
  const code = error instanceof LiaisonError ? SIG_CODES[error.code] : undefined;
  if (code === undefined) throw error;
  return new RestError(code);
}
