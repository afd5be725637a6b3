import { ArrowRightOutlined, CheckCircleFilled, TeamOutlined } from '@ant-design/icons';
import { INDUSTRY_STAGES, type IndustryChain, type IndustrySegment } from '@liaison/protocol';
import { Button, Card, Empty, Skeleton, Tag } from 'antd';
import { Fragment, useCallback, useEffect, useState } from 'react';
import { fetchMyIndustryChains, joinSegment, leaveSegment } from '../../api/company';
import { feedback } from '../../base/feedback';
import { ListFailed } from '../../common/ListFailed';
import { ConfirmButton } from '../common/ConfirmButton';
import { SegmentMembersDrawer } from './SegmentMembersDrawer';
import './company.css';

/** Management centre "industry": each chain upstream → downstream; the enterprise joins or leaves segments. */
export function ManageIndustryPage() {
  const [chains, setChains] = useState<IndustryChain[] | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [busySegment, setBusySegment] = useState<string | null>(null);
  const [shown, setShown] = useState<IndustrySegment | null>(null);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      setChains((await fetchMyIndustryChains()).data);
    } catch {
      setFailed(true);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function handleToggle(segment: IndustrySegment) {
    setBusySegment(segment.id);
    try {
      if (segment.joined) await leaveSegment(segment.id);
      else await joinSegment(segment.id);
      feedback.message.success(segment.joined ? `已退出“${segment.name}”` : `已加入“${segment.name}”`);
      await load();
    } catch {
      // The request layer has shown the reason.
    } finally {
      setBusySegment(null);
    }
  }

  const mine = chains?.flatMap((chain) => chain.segments.filter((segment) => segment.joined)) ?? [];

  return (
    <section className="page industry" aria-labelledby="industry-title">
      <h1 id="industry-title" className="page__title">
        产业链
      </h1>
      <p className="company__tip">
        选择企业所在的产业链环节，上下游企业可以在产业链页面找到您。
        {chains && (mine.length > 0 ? `已加入 ${mine.length} 个环节。` : '尚未加入任何环节。')}
      </p>
      {hasFailed ? (
        <ListFailed title="产业链加载失败" onRetry={() => void load()} />
      ) : chains === null ? (
        <Skeleton active />
      ) : chains.length === 0 ? (
        <Empty description="平台还没有发布产业链" />
      ) : (
        chains.map((chain) => (
          <Card key={chain.id} title={chain.name} className="company__card">
            {chain.description && <p className="company__tip">{chain.description}</p>}
            <div className="industry__stages">
              {INDUSTRY_STAGES.map(({ stage, label }, index) => (
                <Fragment key={stage}>
                  {index > 0 && <ArrowRightOutlined className="industry__arrow" aria-hidden />}
                  <div className="industry__stage">
                    <h3 className="industry__stage-title">{label}</h3>
                    {chain.segments
                      .filter((segment) => segment.stage === stage)
                      .map((segment) => (
                        <SegmentTile
                          key={segment.id}
                          segment={segment}
                          isBusy={busySegment === segment.id}
                          onToggle={() => handleToggle(segment)}
                          onShowMembers={() => setShown(segment)}
                        />
                      ))}
                  </div>
                </Fragment>
              ))}
            </div>
          </Card>
        ))
      )}
      <SegmentMembersDrawer segment={shown} onClose={() => setShown(null)} />
    </section>
  );
}

interface SegmentTileProps {
  segment: IndustrySegment;
  isBusy: boolean;
  onToggle: () => void;
  onShowMembers: () => void;
}

function SegmentTile({ segment, isBusy, onToggle, onShowMembers }: SegmentTileProps) {
  return (
    <div className={segment.joined ? 'industry__segment industry__segment--joined' : 'industry__segment'}>
      <div className="industry__segment-name">
        {segment.joined && <CheckCircleFilled aria-hidden />}
        {segment.name}
        {segment.joined && <Tag color="processing">已加入</Tag>}
      </div>
      <div className="industry__segment-actions">
        <Button size="small" type="link" icon={<TeamOutlined aria-hidden />} onClick={onShowMembers}>
          {segment.memberCount} 家企业
        </Button>
        {segment.joined ? (
          <ConfirmButton
            size="small"
            loading={isBusy}
            aria-label={`退出${segment.name}`}
            question={`退出“${segment.name}”？`}
            okText="退出"
            onConfirm={onToggle}
          >
            退出
          </ConfirmButton>
        ) : (
          <Button
            size="small"
            type="primary"
            ghost
            loading={isBusy}
            onClick={onToggle}
            aria-label={`加入${segment.name}`}
          >
            加入
          </Button>
        )}
      </div>
    </div>
  );
}
