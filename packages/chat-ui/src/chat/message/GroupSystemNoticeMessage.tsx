import { useTranslation } from 'react-i18next';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/** The reference SDK's GRP_SYS_NOTICE operation types the kit words. */
const NoticeType = { JOIN_REQUEST: 1, KICKED_OUT: 4, DISMISSED: 5 } as const;

/** A group system notice, centred in the list: join request, removal, dismissal, others by group name. */
export const GroupSystemNoticeMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const { payload } = message as MessageOf<'TIMGroupSystemNoticeElem'>;
  const group = payload.groupProfile.name || payload.groupProfile.groupID;
  const text = (() => {
    switch (payload.operationType) {
      case NoticeType.JOIN_REQUEST:
        return t('noticeJoinRequest', { user: payload.operatorID, group });
      case NoticeType.KICKED_OUT:
        return t('noticeKicked', { group });
      case NoticeType.DISMISSED:
        return t('noticeDismissed', { group });
      default:
        return t('noticeOther', { group });
    }
  })();
  return (
    <span className="lc-tip">
      {text}
      {payload.handleMessage && <span className="lc-tip__detail"> · {payload.handleMessage}</span>}
    </span>
  );
};
GroupSystemNoticeMessage.layout = 'centred';
