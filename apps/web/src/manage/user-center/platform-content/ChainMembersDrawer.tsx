import { type AdminIndustryChainRow, INDUSTRY_STAGES, type IndustryMember } from '@liaison/protocol';
import { Button, Drawer, Empty, Form, List, Select, Space } from 'antd';
import { useState } from 'react';
import { fetchSegmentMembers } from '../../../api/company';
import { fetchAdminChain, placeEnterprise, removeEnterprise } from '../../../api/industry-admin';
import { ConfirmButton } from '../../common/ConfirmButton';
import { ListFailed } from '../../common/ListFailed';
import { runAction } from '../../common/run-action';
import { useIsPhone } from '../../common/use-is-phone';
import { dataOf, useLoad } from '../../common/use-load';
import { usePagedList } from '../../common/use-paged-list';
import { SearchSelect, searchEnterprises } from './SearchSelect';

const PAGE_SIZE = 10;

/** The enterprises of a chain's segments: the admin picks a segment, places an enterprise in it or takes one out. */
export function ChainMembersDrawer({ chain, onClose }: { chain: AdminIndustryChainRow | null; onClose: () => void }) {
  const isPhone = useIsPhone();
  return (
    <Drawer
      title={chain ? `“${chain.name}”的环节企业` : ''}
      open={chain !== null}
      onClose={onClose}
      size={isPhone ? '100%' : 'large'}
      destroyOnHidden
    >
      {chain && <Segments chainId={chain.id} />}
    </Drawer>
  );
}

function Segments({ chainId }: { chainId: string }) {
  const { loaded, reload } = useLoad(chainId, () => fetchAdminChain(chainId).then(dataOf));
  const [segmentId, setSegmentId] = useState<string | null>(null);
  if (loaded.state === 'failed') return <ListFailed title="环节加载失败" onRetry={() => void reload()} />;
  const segments = loaded.data?.segments ?? [];
  if (loaded.state === 'ready' && segments.length === 0) {
    return <Empty description="该产业链还没有环节，请先编辑产业链添加环节" />;
  }
  const options = INDUSTRY_STAGES.map(({ stage, label }) => ({
    label,
    title: label,
    options: segments.filter((s) => s.stage === stage).map((s) => ({ value: s.id, label: s.name })),
  })).filter((group) => group.options.length > 0);
  return (
    <>
      <Form.Item label="环节" htmlFor="chain-members-segment">
        <Select
          id="chain-members-segment"
          aria-label="环节"
          placeholder="请选择环节"
          loading={loaded.state === 'loading'}
          value={segmentId ?? undefined}
          options={options}
          onChange={setSegmentId}
        />
      </Form.Item>
      {segmentId ? <Members key={segmentId} segmentId={segmentId} /> : <p>选择环节后，可加入或移出企业。</p>}
    </>
  );
}

function Members({ segmentId }: { segmentId: string }) {
  const [pageNum, setPageNum] = useState(1);
  const [picked, setPicked] = useState<string | null>(null);
  const list = usePagedList((q: { pageNum: number }) => fetchSegmentMembers(segmentId, q.pageNum, PAGE_SIZE), {
    segmentId,
    pageNum,
  });

  async function handlePlace() {
    if (picked === null) return;
    await runAction(placeEnterprise(segmentId, picked), async () => {
      setPicked(null);
      await list.reload();
    });
  }

  return (
    <>
      <Space.Compact block>
        <SearchSelect
          label="加入企业"
          placeholder="输入企业名称搜索已认证企业"
          chosen={[]}
          value={picked}
          onChange={(value) => setPicked(typeof value === 'string' ? value : null)}
          search={searchEnterprises}
        />
        <Button type="primary" disabled={picked === null} onClick={handlePlace}>
          加入
        </Button>
      </Space.Compact>
      {list.hasFailed ? (
        <ListFailed title="企业列表加载失败" onRetry={() => void list.reload()} />
      ) : (
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
            <List.Item
              actions={[
                <ConfirmButton
                  key="remove"
                  type="link"
                  danger
                  question={`将「${member.enterpriseName}」移出该环节？`}
                  okText="移出"
                  onConfirm={() => runAction(removeEnterprise(segmentId, member.userId), list.reload)}
                >
                  移出
                </ConfirmButton>,
              ]}
            >
              <List.Item.Meta title={member.enterpriseName} description={`${member.abilityCount} 项能力`} />
            </List.Item>
          )}
        />
      )}
    </>
  );
}
