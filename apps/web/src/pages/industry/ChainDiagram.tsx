import { ArrowRightOutlined } from '@ant-design/icons';
import { INDUSTRY_STAGES, type IndustryChain, type IndustrySegment } from '@liaison/protocol';
import { Fragment } from 'react';

interface ChainDiagramProps {
  chain: IndustryChain;
  selectedId: string | null;
  onSelect: (segment: IndustrySegment) => void;
}

/**
 * One chain as upstream → midstream → downstream columns; every segment is a button named by
 * its segment and enterprise count, pressed while its enterprises are shown. On a phone the
 * columns stack and the arrows point down.
 */
export function ChainDiagram({ chain, selectedId, onSelect }: ChainDiagramProps) {
  return (
    <section className="chain-map" aria-label={`${chain.name}产业链图谱`}>
      {INDUSTRY_STAGES.map(({ stage, label }, index) => {
        const segments = chain.segments.filter((segment) => segment.stage === stage);
        return (
          <Fragment key={stage}>
            {index > 0 && <ArrowRightOutlined className="chain-map__arrow" aria-hidden />}
            <section className={`chain-map__stage chain-map__stage--${stage}`} aria-label={label}>
              <h3 className="chain-map__stage-title">{label}</h3>
              {segments.length === 0 ? (
                <p className="chain-map__none">暂无环节</p>
              ) : (
                segments.map((segment) => (
                  <button
                    key={segment.id}
                    type="button"
                    className="chain-map__segment"
                    aria-pressed={segment.id === selectedId}
                    aria-label={`${segment.name}，${segment.memberCount} 家企业`}
                    onClick={() => onSelect(segment)}
                  >
                    <span className="chain-map__segment-name">{segment.name}</span>
                    <span className="chain-map__segment-count">{segment.memberCount} 家企业</span>
                  </button>
                ))
              )}
            </section>
          </Fragment>
        );
      })}
    </section>
  );
}
