import type { PermissionSet, PersonInfo as Person, VipInfo } from '@liaison/protocol';
import { useSyncExternalStore } from 'react';

export type LoginMode = 'account' | 'sms' | 'register';

/** A WeChat account waiting to be bound to a portal account (spec §2: the modal's 'bind account' mode). */
export interface WechatBinding {
  wechatKey: string;
  nickname: string;
}

/** What the portal keeps across reloads (spec §3: app state, stored user, person, vip). */
export interface PersistedState {
  topNav: string;
  manageNav: string;
  userCenterComponentKey: string;
  loginStatus: boolean;
  permissions: PermissionSet;
  user: { token: string } | null;
  person: Person | null;
  /** My membership and points, as the VIP page last loaded them. */
  vip: VipInfo | null;
  /** The verification prompts this login has already answered (shown once per login, across tabs). */
  answeredPrompts: string[];
}

export interface SessionState extends PersistedState {
  /**
   * `opened` counts the openings, so each one can start from a fresh form; `wechat` is set in
   * the 'bind account' mode.
   */
  loginModal: { open: boolean; mode: LoginMode; opened: number; wechat?: WechatBinding | null };
  betaModalOpen: boolean;
}

const PERSISTED_KEYS = [
  'topNav',
  'manageNav',
  'userCenterComponentKey',
  'loginStatus',
  'permissions',
  'user',
  'person',
  'vip',
  'answeredPrompts',
] as const satisfies readonly (keyof PersistedState)[];

export const EMPTY_PERMISSIONS: PermissionSet = { roles: [], permissions: [] };

const DEFAULTS: SessionState = {
  topNav: '',
  manageNav: '',
  userCenterComponentKey: '',
  loginStatus: false,
  permissions: EMPTY_PERMISSIONS,
  user: null,
  person: null,
  vip: null,
  answeredPrompts: [],
  loginModal: { open: false, mode: 'account', opened: 0, wechat: null },
  betaModalOpen: false,
};

export interface SessionStore {
  getState(): SessionState;
  update(patch: Partial<SessionState>): void;
  subscribe(listener: () => void): () => void;
  /** Forgets who is logged in: stored user, person and vip, login status, permissions and answered prompts. */
  clearIdentity(): void;
}

/** A small external store, persisted field by field in `storage` (localStorage in the app). */
export function createSessionStore(storage: Storage): SessionStore {
  let state: SessionState = { ...DEFAULTS, ...readPersisted(storage) };
  const listeners = new Set<() => void>();

  const store: SessionStore = {
    getState: () => state,
    update(patch) {
      const next = { ...state, ...patch };
      for (const key of PERSISTED_KEYS) {
        if (next[key] !== state[key]) storage.setItem(key, JSON.stringify(next[key]));
      }
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clearIdentity() {
      store.update({
        user: null,
        person: null,
        vip: null,
        loginStatus: false,
        permissions: EMPTY_PERMISSIONS,
        answeredPrompts: [],
      });
    },
  };
  return store;
}

export const sessionStore = createSessionStore(window.localStorage);

/** Reads a slice of the session; the selector must return stored values, not new objects. */
export function useSession<T>(selector: (state: SessionState) => T): T {
  return useSyncExternalStore(sessionStore.subscribe, () => selector(sessionStore.getState()));
}

export function openLoginModal(mode: LoginMode = 'account'): void {
  const { open, opened } = sessionStore.getState().loginModal;
  if (open) return;
  sessionStore.update({ loginModal: { open: true, mode, opened: opened + 1, wechat: null } });
}

/** Opens the modal (or starts it afresh) in 'bind account' mode: SMS login binds the WeChat account. */
export function openWechatBinding(wechat: WechatBinding): void {
  const { opened } = sessionStore.getState().loginModal;
  sessionStore.update({ loginModal: { open: true, mode: 'sms', opened: opened + 1, wechat } });
}

/** Switches the open modal between account login, SMS login and registration. */
export function setLoginMode(mode: LoginMode): void {
  sessionStore.update({ loginModal: { ...sessionStore.getState().loginModal, mode } });
}

export function closeLoginModal(): void {
  sessionStore.update({ loginModal: { ...sessionStore.getState().loginModal, open: false } });
}

export function setBetaModalOpen(open: boolean): void {
  sessionStore.update({ betaModalOpen: open });
}

function readPersisted(storage: Storage): Partial<PersistedState> {
  const restored: Record<string, unknown> = {};
  for (const key of PERSISTED_KEYS) {
    const raw = storage.getItem(key);
    if (raw === null) continue;
    try {
      restored[key] = JSON.parse(raw);
    } catch {
      // A value another version of the portal wrote in another shape: start without it.
      storage.removeItem(key);
    }
  }
  return restored as Partial<PersistedState>;
}
