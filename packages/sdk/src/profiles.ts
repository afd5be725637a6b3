import type { AdminForbidType, AllowType, Gender, OpRequest, Profile } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';

export interface ProfilesContext {
  request: RequestFunction;
  /** Profiles that changed: PROFILE_UPDATED. */
  onUpdated(profiles: Profile[]): void;
}

/**
 * Tencent's options, checked as its SDK checks them (docs/sdk.md, Profiles): a key not listed here,
 * or a value of another kind, is 2721; only an empty profileCustomField is 2722.
 */
export interface UpdateMyProfileOptions {
  nick?: string;
  avatar?: string;
  selfSignature?: string;
  /** Who may add me as a friend: TYPES.ALLOW_TYPE_ALLOW_ANY, _NEED_CONFIRM (the default) or _DENY_ANY. */
  allowType?: AllowType;
  /** TYPES.GENDER_UNKNOWN (the default), GENDER_FEMALE or GENDER_MALE. */
  gender?: Gender;
  /** uint32, e.g. 20000101. */
  birthday?: number;
  /** At most 16 bytes. */
  location?: string;
  /** uint32. */
  language?: number;
  /** 0: receive messages, 1: not (stored for the app; the server refuses nothing by it). Anything else is 2721. */
  messageSettings?: number;
  /** TYPES.FORBID_TYPE_SEND_OUT forbids me to send friend requests; only an administrator lifts it (40004). */
  adminForbidType?: AdminForbidType;
  /** uint32. */
  level?: number;
  /** uint32. */
  role?: number;
  /** Keys `Tag_Profile_Custom_` and 1–8 letters, digits or _; values at most 500 bytes, '' removes the key. */
  profileCustomField?: Array<{ key: string; value: string }>;
}

/** Profile calls, and the logged-in user's own profile as last seen. */
export class ProfileAPI {
  private mine: Profile | null = null;

  constructor(private readonly context: ProfilesContext) {}

  get myProfile(): Profile | null {
    return this.mine;
  }

  /**
   * Takes in a profile from the server (login, an answer, a push). A change to my own profile
   * is reported once, however many of those paths bring it; other users' profiles always are.
   */
  accept(profile: Profile, options: { isMine: boolean; silent?: boolean }): void {
    if (options.isMine) {
      const unchanged = this.mine !== null && sameProfile(this.mine, profile);
      this.mine = profile;
      if (unchanged || options.silent) return;
    }
    this.context.onUpdated([profile]);
  }

  async getMyProfile(): Promise<ChatResponse<Profile>> {
    const { profile } = await this.context.request('getMyProfile', {});
    this.accept(profile, { isMine: true });
    return ok(profile);
  }

  async getUserProfile(options: { userIDList: string[] }): Promise<ChatResponse<Profile[]>> {
    const { profiles } = await this.context.request('getUserProfile', { userIDList: options.userIDList });
    return ok(profiles);
  }

  async updateMyProfile(options: UpdateMyProfileOptions): Promise<ChatResponse<Profile>> {
    // Every key goes to the schema, as Tencent's SDK checks every key it is given (2721).
    const { profile } = await this.context.request('updateMyProfile', { ...options } as OpRequest<'updateMyProfile'>);
    this.accept(profile, { isMine: true });
    return ok(profile);
  }

  reset(): void {
    this.mine = null;
  }
}

/** Profiles from the server list their fields, and their custom fields, in one order. */
function sameProfile(a: Profile, b: Profile): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
