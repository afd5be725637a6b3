/**
 * A getter of one object per SDK instance and conversation (a store of side data), made on first
 * use and kept while the SDK instance lives, so every row of a conversation shares it.
 */
export function perConversation<C extends object, S>(
  create: (chat: C, conversationID: string) => S,
): (chat: C, conversationID: string) => S {
  const byChat = new WeakMap<C, Map<string, S>>();
  return (chat, conversationID) => {
    let byConversation = byChat.get(chat);
    if (!byConversation) {
      byConversation = new Map();
      byChat.set(chat, byConversation);
    }
    let value = byConversation.get(conversationID);
    if (value === undefined) {
      value = create(chat, conversationID);
      byConversation.set(conversationID, value);
    }
    return value;
  };
}
