import type { IndustryMember, IndustrySegment } from '@liaison/protocol';
import { Drawer, Empty, List } from 'antd';
import { useMemo, useState } from 'react';
import { fetchSegmentMembers } from '../../api/company';
import { formatTime } from '../common/format-time';
import { ListFailed } from '../common/ListFailed';
import { useIsPhone } from '../common/use-is-phone';
import { usePagedList } from '../common/use-paged-list';

const PAGE_SIZE = 10;

/** The approved enterprises placed in one segment, paged. */
export function SegmentMembersDrawer({ segment, onClose }: { segment: IndustrySegment | null; onClose: () => void }) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      title={segment ? `“${segment.name}”环节的企业` : ''}
      open={segment !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 'default'}
      destroyOnHidden
    >
      {segment && <Members segmentId={segment.id} />}
    </Drawer>
  );
}

function Members({ segmentId }: { segmentId: string }) {
  const [pageNum, setPageNum] = useState(1);
  const query = useMemo(() => ({ segmentId, pageNum }), [segmentId, pageNum]);
  const list = usePagedList(
    useMemo(
      () => (q: { segmentId: string; pageNum: number }) => fetchSegmentMembers(q.segmentId, q.pageNum, PAGE_SIZE),
      [],
    ),
    query,
  );
  if (list.hasFailed) return <ListFailed title="企业列表加载失败" onRetry={() => void list.reload()} />;
  return (
    <List<IndustryMember>
      loading={list.isLoading}
      dataSource={list.rows}
      rowKey="userId"
      locale={{ emptyText: <Empty description="该环节还没有企业加入" /> }}
      pagination={
        list.total > PAGE_SIZE
          ? { current: pageNum, pageSize: PAGE_SIZE, total: list.total, onChange: setPageNum, size: 'small' }
          : false
      }
      renderItem={(member) => (
        <List.Item>
          <List.Item.Meta title={member.enterpriseName} description={`加入于 ${formatTime(member.joinedAt)}`} />
        </List.Item>
      )}
    />
  );
}
