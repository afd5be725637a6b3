import type { AllowType, Profile } from '@liaison/protocol';
import type { RequestFunction } from './core/requests';
import { type ChatResponse, ok } from './core/types';

export interface ProfilesContext {
  request: RequestFunction;
  /** Profiles that changed: PROFILE_UPDATED. */
  onUpdated(profiles: Profile[]): void;
}

export interface UpdateMyProfileOptions {
  nick?: string;
  avatar?: string;
  selfSignature?: string;
  /** Who may add me as a friend: TYPES.ALLOW_TYPE_ALLOW_ANY, _NEED_CONFIRM (the default) or _DENY_ANY. */
  allowType?: AllowType;
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
    const { profile } = await this.context.request('updateMyProfile', {
      nick: options.nick,
      avatar: options.avatar,
      selfSignature: options.selfSignature,
      allowType: options.allowType,
    });
    this.accept(profile, { isMine: true });
    return ok(profile);
  }

  reset(): void {
    this.mine = null;
  }
}

function sameProfile(a: Profile, b: Profile): boolean {
  return (
    a.userID === b.userID &&
    a.nick === b.nick &&
    a.avatar === b.avatar &&
    a.selfSignature === b.selfSignature &&
    a.allowType === b.allowType
  );
}
