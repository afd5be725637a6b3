/** The portal API's shapes come from the contract package, under the names this app uses. */
export type {
  Captcha,
  ClientConfig,
  EnterpriseMaterial,
  EnterpriseStatus,
  ImCredentials,
  PermissionSet,
  PersonInfo as Person,
  PortalEnvelope as Envelope,
  PortalUserType as UserType,
  Todo,
  TokenData,
  UploadResult,
  WechatCallbackData,
} from '@liaison/protocol';
