import { Link } from 'react-router';
import { ICP_NUMBER, SITE_NAME } from '../app/site';

/** Spec §2: the footer's pages (open to everyone). */
export const FOOTER_LINKS = [
  { to: '/legal', label: '法律声明' },
  { to: '/cookie-policy', label: 'Cookie政策' },
  { to: '/report', label: '举报中心' },
  { to: '/contact', label: '联系我们' },
  { to: '/join', label: '加入我们' },
] as const;

/** Spec §2: the footer links and the ICP filing number. */
export function Footer() {
  return (
    <footer className="portal-footer">
      <nav aria-label="页脚导航">
        <ul className="portal-footer__links">
          {FOOTER_LINKS.map(({ to, label }) => (
            <li key={to}>
              <Link to={to}>{label}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="portal-footer__icp">
        © {SITE_NAME}　ICP备案号：
        {ICP_NUMBER ? (
          <a href="https://beian.miit.gov.cn/" target="_blank" rel="noreferrer">
            {ICP_NUMBER}
          </a>
        ) : (
          '未配置'
        )}
      </p>
    </footer>
  );
}
