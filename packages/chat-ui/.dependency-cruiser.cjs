/** The import structure of this package (`npm run structure`; the rules are in scripts/structure-rules.cjs). */
const { packageStructure } = require('../../scripts/structure-rules.cjs');

const folder = (name) => `^packages/chat-ui/src/${name}/`;

module.exports = packageStructure('packages/chat-ui', [
  // Layers, lowest first: { name, path }; a layer may not import any layer listed after it.
  // The kit's texts (en, zh-CN, zh-TW).
  { name: 'i18n', path: folder('i18n') },
  // Parts that know no feature and no kit context: dialogs, menus, side panels, avatars, emoji, time.
  { name: 'common', path: folder('common') },
  // The kit core: its context (SDK instance, layout, flags), toasts, and the SDK store bindings features share.
  { name: 'core', path: folder('core') },
  // The features, each on the ones listed before it. Relations: friends, requests, blocklist, cards, pickers.
  { name: 'relations', path: folder('relations') },
  // The conversation list, its header and presence (starting a conversation picks from relations).
  { name: 'conversations', path: folder('conversations') },
  // The group panel, members, join requests (adding members picks friends).
  { name: 'groups', path: folder('groups') },
  // A community's topics as channels: the topic list, creating, renaming and deleting topics.
  { name: 'topics', path: folder('topics') },
  // One conversation's messages: renderers, list, composer, message actions.
  { name: 'chat', path: folder('chat') },
  // Attention from outside the page: the tab title and desktop notifications.
  { name: 'notifications', path: folder('notifications') },
  // Calls: buttons, ringing, the call window (a group call picks members; a record shows in the chat).
  { name: 'calls', path: folder('calls') },
  // Global and in-conversation search (results show messages as the chat does).
  { name: 'search', path: folder('search') },
  // The composed shell: ChatKit, the chat window that composes chat, groups, calls and search, the public entry.
  { name: 'shell', path: '^packages/chat-ui/src/(shell/|index\\.ts$)' },
]);
