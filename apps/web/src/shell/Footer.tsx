import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { clientConfig } from '../api/auth';
import { SITE_NAME } from '../base/site';
import './footer.css';

interface FooterLink {
  to: string;
  label: string;
}

/** The portal's services that have no top navigation entry (spec §2 keeps five there). */
export const SERVICE_LINKS: readonly FooterLink[] = [
  { to: '/expert', label: '专家库' },
  { to: '/matchOperations', label: '撮合运营' },
  { to: '/designs', label: '设计服务' },
  { to: '/warehousing', label: '仓储服务' },
  { to: '/goodStore', label: '积分商城' },
];

/** Spec §2: the footer's pages (open to everyone). */
export const FOOTER_LINKS: readonly FooterLink[] = [
  { to: '/legal', label: '法律声明' },
  { to: '/cookie-policy', label: 'Cookie政策' },
  { to: '/report', label: '举报中心' },
  { to: '/contact', label: '联系我们' },
  { to: '/join', label: '加入我们' },
];

/**
 * Spec §2: the footer links and the ICP filing number, with a column of the platform's services.
 * The number is the server's PORTAL_ICP, linked to MIIT's filing site as Chinese sites do; without
 * one the line shows none (no placeholder text on a product page).
 */
export function Footer() {
  const icp = useIcp();
  return (
    <footer className="portal-footer">
      <div className="portal-footer__columns">
        <LinkColumn id="footer-services" title="平台服务" links={SERVICE_LINKS} />
        <LinkColumn id="footer-about" title="关于平台" links={FOOTER_LINKS} />
      </div>
      <p className="portal-footer__icp">
        © {SITE_NAME}
        {icp && (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
            {icp}
          </a>
        )}
      </p>
    </footer>
  );
}

function useIcp(): string {
  const [icp, setIcp] = useState('');
  useEffect(() => {
    let current = true;
    clientConfig().then(
      (config) => {
        if (current) setIcp(config.icp);
      },
      // Without the settings the footer simply has no ICP line.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return icp;
}

function LinkColumn({ id, title, links }: { id: string; title: string; links: readonly FooterLink[] }) {
  return (
    <nav aria-labelledby={id} className="portal-footer__column">
      <h2 id={id} className="portal-footer__title">
        {title}
      </h2>
      <ul className="portal-footer__links">
        {links.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
