import type { Message, MessageReaction } from '@liaison/sdk';
import { useCallback, useEffect, useId, useState, useSyncExternalStore } from 'react';
import { useKit } from '../../core/kit-context';
import { showErrorToast } from '../../core/toasts/toast-center';
import { useAwarenessText } from '../../i18n/awareness-text';
import { ReactionUsers } from './ReactionUsers';
import { ReactionGlyph, useReactionName } from './reaction-display';
import { reactionStoreOf } from './reaction-store';
import './reactions.css';

/**
 * The reactions under a bubble (issue 11): each reaction with its count, mine highlighted; a click
 * adds or takes back mine; hover or focus shows who reacted. Loaded while the row is on screen,
 * kept current by MESSAGE_REACTIONS_UPDATED. Nothing for messages that cannot carry reactions or
 * when the EmojiReaction feature is off.
 */
export function ReactionBar({ message }: { message: Message }) {
  const { features } = useKit();
  if (!features.EmojiReaction || !canCarryReactions(message)) return null;
  return <LoadedReactionBar message={message} />;
}

/** Stored messages a person can see: not being sent, revoked, flagged or hidden. */
export function canCarryReactions(message: Message): boolean {
  return message.status === 'success' && !message.isRevoked && !message.hasRiskContent && message.sequence > 0;
}

/** The reactions of a message, from the conversation's store, asked for while the caller is mounted. */
export function useMessageReactions(message: Message): readonly MessageReaction[] {
  const { chat } = useKit();
  const store = reactionStoreOf(chat, message.conversationID);
  useEffect(() => store.want(message), [store, message]);
  const select = useCallback(() => store.reactionsOf(message.ID), [store, message.ID]);
  return useSyncExternalStore(store.subscribe, select, select);
}

/** Adds my reaction or takes it back; a refusal (60045: too many reactions) shows as a toast. */
export function useToggleReaction(): (message: Message, reactionID: string) => void {
  const { chat } = useKit();
  return useCallback(
    (message, reactionID) =>
      void reactionStoreOf(chat, message.conversationID)
        .toggle(message, reactionID)
        .catch((error: unknown) => showErrorToast(chat, error)),
    [chat],
  );
}

function LoadedReactionBar({ message }: { message: Message }) {
  const reactions = useMessageReactions(message);
  const t = useAwarenessText();
  if (reactions.length === 0) return null;
  return (
    <ul className="lc-reactions" aria-label={t('reactions')}>
      {reactions.map((reaction) => (
        <ReactionChip key={reaction.reactionID} message={message} reaction={reaction} />
      ))}
    </ul>
  );
}

function ReactionChip({ message, reaction }: { message: Message; reaction: MessageReaction }) {
  const t = useAwarenessText();
  const nameOf = useReactionName();
  const toggle = useToggleReaction();
  const tooltipID = useId();
  const [anchor, setAnchor] = useState<DOMRect | null>(null);
  const name = nameOf(reaction.reactionID);
  const count = reaction.totalUserCount;
  const show = (event: React.SyntheticEvent<HTMLElement>) => setAnchor(event.currentTarget.getBoundingClientRect());
  const hide = () => setAnchor(null);
  return (
    <li className="lc-reactions__item">
      <button
        type="button"
        className={`lc-reaction${reaction.reactedByMyself ? ' lc-reaction--mine' : ''}`}
        aria-pressed={reaction.reactedByMyself}
        aria-label={t(reaction.reactedByMyself ? 'reactionMine' : 'reaction', { name, count })}
        aria-describedby={anchor ? tooltipID : undefined}
        data-reaction-id={reaction.reactionID}
        onClick={() => toggle(message, reaction.reactionID)}
        onMouseEnter={show}
        onMouseLeave={hide}
        onFocus={show}
        onBlur={hide}
        onKeyDown={(event) => event.key === 'Escape' && hide()}
      >
        <ReactionGlyph reactionID={reaction.reactionID} />
        <span className="lc-reaction__count">{count}</span>
      </button>
      {anchor ? (
        <ReactionUsers
          id={tooltipID}
          message={message}
          reactionID={reaction.reactionID}
          totalUserCount={count}
          anchor={anchor}
        />
      ) : null}
    </li>
  );
}
