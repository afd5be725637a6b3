import type { PlatformFigures as Figures } from '@liaison/protocol';

const FIGURES: ReadonlyArray<{ key: keyof Figures; label: string; unit: string }> = [
  { key: 'enterprises', label: '认证企业', unit: '家' },
  { key: 'abilities', label: '发布能力', unit: '项' },
  { key: 'cooperations', label: '促成合作', unit: '次' },
  { key: 'experts', label: '行业专家', unit: '位' },
];

/** The platform's figures as the server counts them. */
export function PlatformFigures({ figures }: { figures: Figures }) {
  return (
    <dl className="home-figures" aria-label="平台数据">
      {FIGURES.map(({ key, label, unit }) => (
        <div key={key}>
          <dt>{label}</dt>
          <dd>
            {figures[key].toLocaleString('zh-CN')}
            <small>{unit}</small>
          </dd>
        </div>
      ))}
    </dl>
  );
}
