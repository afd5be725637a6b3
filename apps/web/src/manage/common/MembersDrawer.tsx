import type { IndustryMember } from '@liaison/protocol';
import { Drawer, List } from 'antd';
import { type ReactNode, useState } from 'react';
import { fetchSegmentMembers } from '../../api/company';
import { useIsPhone } from '../../common/use-is-phone';
import { usePagedList } from '../../common/use-paged-list';
import { CompactPagedList } from './CompactPagedList';

const PAGE_SIZE = 10;

interface MembersDrawerProps {
  /** Whose members: the drawer is open while there is one. */
  title: string | null;
  /** Large, for a drawer where the members are also placed and removed. */
  isLarge?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** A drawer of members, the whole screen on a phone; its content is dropped once it has closed. */
export function MembersDrawer({ title, isLarge = false, onClose, children }: MembersDrawerProps) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      title={title ?? ''}
      open={title !== null}
      onClose={onClose}
      size={isPhone ? '100%' : isLarge ? 'large' : 'default'}
      destroyOnHidden
    >
      {children}
    </Drawer>
  );
}

interface SegmentMemberListProps {
  segmentId: string;
  /** The line under a member's name. */
  describe: (member: IndustryMember) => string;
  /** Above the list (a form that adds a member); `reload` shows the list again. */
  toolbar?: (reload: () => Promise<void>) => ReactNode;
  /** Each member's buttons. */
  actions?: (member: IndustryMember, reload: () => Promise<void>) => ReactNode[];
}

/** The enterprises placed in one industry segment, paged. */
export function SegmentMemberList({ segmentId, describe, toolbar, actions }: SegmentMemberListProps) {
  const [pageNum, setPageNum] = useState(1);
  const list = usePagedList(
    (q: { segmentId: string; pageNum: number }) => fetchSegmentMembers(q.segmentId, q.pageNum, PAGE_SIZE),
    {
      segmentId,
      pageNum,
    },
  );
  return (
    <>
      {toolbar?.(list.reload)}
      <CompactPagedList
        list={list}
        pageNum={pageNum}
        pageSize={PAGE_SIZE}
        onPage={setPageNum}
        rowKey="userId"
        emptyText="该环节还没有企业加入"
        failedText="企业列表加载失败"
        renderItem={(member) => (
          <List.Item actions={actions?.(member, list.reload)}>
            <List.Item.Meta title={member.enterpriseName} description={describe(member)} />
          </List.Item>
        )}
      />
    </>
  );
}
