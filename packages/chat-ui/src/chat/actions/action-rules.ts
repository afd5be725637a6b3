import type { Message } from '@liaison/sdk';
import type { FeatureName, Features } from '../../core/features';
import { isUploadDone } from '../message/message-of';
import type { RowLayout } from '../message/renderer-map';

/** The built-in actions of a message's menu, in the order the menu lists them. */
export const MESSAGE_ACTIONS = [
  'open',
  'copy',
  'revoke',
  'delete',
  'quote',
  'forward',
  'multiSelect',
  'translate',
  'convert',
] as const;

export type MessageActionID = (typeof MESSAGE_ACTIONS)[number];

/** The feature flag that hides each action (spec chat.md §3); opening a file is a download. */
const ACTION_FEATURE: Record<Exclude<MessageActionID, 'open'>, FeatureName> = {
  copy: 'CopyMessage',
  revoke: 'RevokeMessage',
  delete: 'DeleteMessage',
  quote: 'QuoteMessage',
  forward: 'ForwardMessage',
  multiSelect: 'MultiSelection',
  translate: 'TranslateMessage',
  convert: 'VoiceToText',
};

export interface ActionRuleContext {
  features: Features;
  /** Opening a file, picture or video in its own window is a desktop action. */
  isDesktop: boolean;
  /** False once the user has left (or was removed from) the group: no menu at all (spec §6). */
  isMember: boolean;
  /** How the row shows the message: only bubbles have a menu (tips, notices and signals do not). */
  layout: RowLayout;
}

/**
 * The actions a message's menu offers (spec chat.md §5): none for risk content, revoked messages,
 * tips and signals, or a user no longer in the group; otherwise each action whose rule holds and
 * whose feature flag is on. An empty list means no menu.
 */
export function messageActions(message: Message, context: ActionRuleContext): MessageActionID[] {
  if (!canHaveMenu(message, context)) return [];
  return MESSAGE_ACTIONS.filter((action) => isAllowed(action, message, context));
}

/**
 * Whether the message may have a menu at all (spec §2, §6): not for risk content, revoked
 * messages, tips, notices and signals, nor for a user no longer in the group. Actions other
 * features add to the menu follow this too.
 */
export function canHaveMenu(message: Message, context: Omit<ActionRuleContext, 'features' | 'isDesktop'>): boolean {
  if (!context.isMember || message.hasRiskContent || message.isRevoked) return false;
  return context.layout === 'bubble' || context.layout === 'media';
}

function isAllowed(action: MessageActionID, message: Message, context: ActionRuleContext): boolean {
  const { features } = context;
  if (action === 'open') return canOpen(message, context);
  if (!features[ACTION_FEATURE[action]]) return false;
  const isSent = message.status === 'success';
  switch (action) {
    case 'copy':
      return message.type === 'TIMTextElem';
    case 'revoke':
      return isSent && message.flow === 'out';
    case 'delete':
    case 'forward':
    case 'multiSelect':
      return isSent;
    case 'quote':
      return isSent && !isSignalingMessage(message);
    case 'translate':
      return isSent && message.type === 'TIMTextElem';
    case 'convert':
      return isSent && message.type === 'TIMSoundElem';
  }
}

/** spec §5 "open": desktop only, for file, video and image messages whose upload is done. */
function canOpen(message: Message, context: ActionRuleContext): boolean {
  if (!context.isDesktop || !isUploadDone(message)) return false;
  if (message.type === 'TIMFileElem') return context.features.DownloadFile;
  return message.type === 'TIMImageElem' || message.type === 'TIMVideoFileElem';
}

/**
 * A signaling message: a call invitation or record (custom data with businessID 1, as the call
 * component sends them) or a typing signal. They cannot be quoted.
 */
export function isSignalingMessage(message: Message): boolean {
  if (message.type !== 'TIMCustomElem') return false;
  let data: unknown;
  try {
    data = JSON.parse(message.payload.data);
  } catch {
    return false;
  }
  if (!data || typeof data !== 'object') return false;
  const { businessID } = data as { businessID?: unknown };
  return businessID === 1 || businessID === '1' || businessID === 'user_typing_status';
}
