import { type AdminIndustryChainRow, INDUSTRY_STAGES } from '@liaison/protocol';
import { Button, Empty, Form, Select, Space } from 'antd';
import { useState } from 'react';
import { fetchAdminChain, placeEnterprise, removeEnterprise } from '../../../api/industry-admin';
import { ListFailed } from '../../../common/ListFailed';
import { dataOf, useLoad } from '../../../common/use-load';
import { ConfirmButton } from '../../common/ConfirmButton';
import { MembersDrawer, SegmentMemberList } from '../../common/MembersDrawer';
import { runAction } from '../../common/run-action';
import { SearchSelect, searchEnterprises } from './SearchSelect';

/** The enterprises of a chain's segments: the admin picks a segment, places an enterprise in it or takes one out. */
export function ChainMembersDrawer({ chain, onClose }: { chain: AdminIndustryChainRow | null; onClose: () => void }) {
  return (
    <MembersDrawer title={chain && `“${chain.name}”的环节企业`} isLarge onClose={onClose}>
      {chain && <Segments chainId={chain.id} />}
    </MembersDrawer>
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
      {segmentId ? (
        <SegmentMemberList
          key={segmentId}
          segmentId={segmentId}
          describe={(member) => `${member.abilityCount} 项能力`}
          toolbar={(reload) => <PlaceEnterprise segmentId={segmentId} onPlaced={reload} />}
          actions={(member, reload) => [
            <ConfirmButton
              key="remove"
              type="link"
              danger
              question={`将「${member.enterpriseName}」移出该环节？`}
              okText="移出"
              onConfirm={() => runAction(removeEnterprise(segmentId, member.userId), reload)}
            >
              移出
            </ConfirmButton>,
          ]}
        />
      ) : (
        <p>选择环节后，可加入或移出企业。</p>
      )}
    </>
  );
}

/** Picks an approved enterprise and places it in the segment. */
function PlaceEnterprise({ segmentId, onPlaced }: { segmentId: string; onPlaced: () => Promise<void> }) {
  const [picked, setPicked] = useState<string | null>(null);

  async function handlePlace() {
    if (picked === null) return;
    await runAction(placeEnterprise(segmentId, picked), async () => {
      setPicked(null);
      await onPlaced();
    });
  }

  return (
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
  );
}
