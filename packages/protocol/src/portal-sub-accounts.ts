/**
 * Sub-accounts of an enterprise (docs/portal-api.md "Sub-accounts, company page and industry
 * chains"): logins of their own that act for the enterprise on the abilities they were granted.
 */

export const SUB_ACCOUNT_LIMITS = {
  /** Letters, digits and underscores, starting with a letter, so it can never be a mobile number. */
  loginName: /^[A-Za-z][A-Za-z0-9_]{3,19}$/,
  nick: 20,
  /** Sub-accounts one enterprise may have. */
  perEnterprise: 20,
} as const;

export const SUB_ACCOUNT_LOGIN_NAME_TEXT = '登录账号为4-20位字母、数字或下划线，且以字母开头';

/** A row of `GET /portal/supply/chain/sub/account/list`. */
export interface SubAccount {
  /** The sub-account's user ID (it chats as itself). */
  id: string;
  loginName: string;
  nick: string;
  disabled: boolean;
  /** IDs (bigint, as strings) of the abilities it may see and edit. */
  abilityIds: string[];
  /** ms since the epoch. */
  createdAt: number;
}

/** `POST /portal/supply/chain/sub/account`; the password is SM4-sealed like the login form's. */
export interface SubAccountCreate {
  loginName: string;
  nick: string;
  password: string;
  abilityIds: string[];
}

/** `POST /portal/supply/chain/sub/account/update`; password only when it changes. */
export interface SubAccountUpdate {
  id: string;
  nick: string;
  password?: string;
  abilityIds: string[];
  disabled: boolean;
}

/** `GET /portal/supply/chain/sub/account/permission/abilities`: the enterprise's abilities, each granted or not. */
export interface SubAccountAbility {
  id: string;
  productName: string;
  /** 0 draft, 1 published, 2 offline. */
  status: number;
  granted: boolean;
}
