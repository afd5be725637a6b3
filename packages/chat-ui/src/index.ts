/**
 * @liaison/chat-ui: the React chat kit on @liaison/sdk. Mount `<ChatKit chat language />` with a
 * logged-in SDK instance; the extension points below let later features register into it.
 */
export { CallKit, type CallKitProps } from './calls/CallKit';
export type { CustomRenderer, CustomRendererProps, CustomRenderers } from './chat/message/custom/custom-renderer';
export { customRenderers } from './chat/message/custom/custom-renderers';
export { type FaceSource, faceSources } from './chat/message/face-source';
export {
  type MessageMenuItem,
  messageMenuRegistry,
  type ToolbarItem,
  toolbarRegistry,
} from './chat/message/registries';
export {
  type MessageRenderer,
  type MessageRendererProps,
  type MessageRenderers,
  messageRenderers,
  type RowLayout,
} from './chat/message/renderers';
export { Avatar, type AvatarProps } from './common/Avatar';
export { BASIC_EMOJI, type BasicEmoji } from './common/emoji/basic-emoji';
export { ConversationList, type ConversationListProps } from './conversations/ConversationList';
export { FEATURE_NAMES, type FeatureName, type Features } from './core/features';
export { createKitI18n, KIT_LANGUAGES, type KitLanguage } from './i18n';
export { ContactsPanel, type ContactsPanelProps } from './relations/ContactsPanel';
export type { ContactTarget, PersonSummary } from './relations/contact-model';
export { GlobalSearch, type GlobalSearchProps } from './search/GlobalSearch';
export { ChatKit, type ChatKitProps } from './shell/ChatKit';
export { ChatWindow, type ChatWindowProps } from './shell/ChatWindow';
