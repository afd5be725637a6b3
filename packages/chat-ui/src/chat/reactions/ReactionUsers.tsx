import type { Message, ReactionUser } from '@liaison/sdk';
import { useEffect, useState } from 'react';
import { useKit } from '../../core/kit-context';
import { useAwarenessText } from '../../i18n/awareness-text';
import { ReactionGlyph, useReactionName } from './reaction-display';

/** Names shown in the hover card; the rest are counted ("and 12 more"). */
const NAMES_SHOWN = 10;

export interface ReactionUsersProps {
  message: Message;
  reactionID: string;
  totalUserCount: number;
  /** Where the chip is on screen: the card shows above it (below near the top of the window). */
  anchor: DOMRect;
  id: string;
}

/**
 * Who reacted (issue 11 "hover shows who"): the first reactors' nicks (or IDs; mine as 'You') from
 * getAllUserListOfMessageReaction, and how many more. A tooltip for the chip it describes.
 */
export function ReactionUsers({ message, reactionID, totalUserCount, anchor, id }: ReactionUsersProps) {
  const { chat } = useKit();
  const t = useAwarenessText();
  const nameOf = useReactionName();
  const [users, setUsers] = useState<ReactionUser[] | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let isCurrent = true;
    chat
      // Asked again when the count changes (someone reacted or took theirs back).
      .getAllUserListOfMessageReaction({
        message,
        reactionID,
        count: Math.max(1, Math.min(NAMES_SHOWN, totalUserCount)),
      })
      .then(({ data }) => isCurrent && setUsers(data.userList))
      .catch((error: unknown) => isCurrent && setFailure(error instanceof Error ? error.message : String(error)));
    return () => {
      isCurrent = false;
    };
  }, [chat, message, reactionID, totalUserCount]);

  const me = chat.getLoginUser();
  const names = (users ?? [])
    .slice(0, NAMES_SHOWN)
    .map((user) => ({ userID: user.userID, name: user.userID === me ? t('you') : user.nick || user.userID }));
  const more = Math.max(0, totalUserCount - names.length);
  const isBelow = anchor.top < 140;
  const style = {
    left: Math.max(8, Math.min(anchor.left, window.innerWidth - 248)),
    top: isBelow ? anchor.bottom + 6 : anchor.top - 6,
  };
  return (
    <div
      id={id}
      role="tooltip"
      className={`lc-reaction-users${isBelow ? ' lc-reaction-users--below' : ''}`}
      style={style}
    >
      <div className="lc-reaction-users__title">
        <ReactionGlyph reactionID={reactionID} />
        <span>{nameOf(reactionID)}</span>
      </div>
      {failure ? (
        <p className="lc-reaction-users__names">{t('loadFailed', { message: failure })}</p>
      ) : users === null ? (
        <p className="lc-reaction-users__names">{t('reactionUsersLoading')}</p>
      ) : (
        <p className="lc-reaction-users__names">
          {names.map(({ userID, name }, index) => (
            // Names are people's own words: each is isolated so one cannot reorder the list.
            <span key={userID}>
              {index > 0 ? t('listSeparator') : ''}
              <bdi>{name}</bdi>
            </span>
          ))}
          {more > 0 ? ` ${t('reactedMore', { count: more })}` : ''}
        </p>
      )}
    </div>
  );
}
