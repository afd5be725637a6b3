import type { IndustrySegment } from '@liaison/protocol';
import { Empty, Skeleton, Tabs } from 'antd';
import { useEffect, useRef } from 'react';
import { fetchIndustryChains } from '../api/content';
import { ListFailed } from '../common/ListFailed';
import { dataOf, useLoad } from '../common/use-load';
import { readPageNum, useUrlParams } from './common/use-url-params';
import { ChainDiagram } from './industry/ChainDiagram';
import { SegmentMembers } from './industry/SegmentMembers';
import './industry/industry.css';

/**
 * /industry (?chainId&segmentId&pageNum): the industry chains as tabs, each a diagram of its
 * segments upstream → downstream; picking a segment lists its enterprises with their abilities.
 * The chain, segment and page live in the address, so back/forward and shared links work.
 */
export function IndustryPage() {
  const { params, update } = useUrlParams();
  const { loaded, reload } = useLoad('chains', () => fetchIndustryChains().then(dataOf));
  const chains = loaded.data;
  const chain = chains?.find((c) => c.id === params.get('chainId')) ?? chains?.[0] ?? null;
  const segment = chain?.segments.find((s) => s.id === params.get('segmentId')) ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusPending = useRef(false);

  useEffect(() => {
    if (segment && focusPending.current) {
      focusPending.current = false;
      headingRef.current?.focus();
    }
  }, [segment]);

  function handleSelect(picked: IndustrySegment) {
    focusPending.current = true;
    update({ segmentId: picked.id, pageNum: null });
  }

  return (
    <section className="page chain-page" aria-labelledby="chain-page-title">
      <h1 id="chain-page-title" className="page__title">
        产业链
      </h1>
      <p className="chain-page__intro">按上游、中游、下游查看产业链各环节的企业，点击环节即可找到合作伙伴。</p>
      {loaded.state === 'failed' ? (
        <ListFailed title="产业链加载失败" onRetry={() => void reload()} />
      ) : chains === null ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : chain === null ? (
        <Empty description="平台还没有发布产业链" />
      ) : (
        <>
          <Tabs
            activeKey={chain.id}
            items={chains.map((c) => ({ key: c.id, label: c.name }))}
            onChange={(chainId) => update({ chainId, segmentId: null, pageNum: null })}
          />
          {chain.description && <p className="chain-page__description">{chain.description}</p>}
          <ChainDiagram chain={chain} selectedId={segment?.id ?? null} onSelect={handleSelect} />
          {segment ? (
            <SegmentMembers
              segment={segment}
              pageNum={readPageNum(params.get('pageNum'))}
              onPage={(pageNum) => update({ pageNum })}
              headingRef={headingRef}
            />
          ) : (
            <p className="chain-members chain-page__hint">点击任一环节，查看该环节的企业及其能力。</p>
          )}
        </>
      )}
    </section>
  );
}
