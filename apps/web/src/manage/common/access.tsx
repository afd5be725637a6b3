import { Button, Result } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useHasRole } from '../../auth/Permission';

export const ADMIN_ONLY_TEXT = '当前操作没有权限，仅平台管理员可访问';

/**
 * What an account sees in place of a page its permissions do not open (the server refuses the
 * page's calls too): the page's title, why, and what it can do instead.
 */
export function NoAccess({
  title,
  reason,
  hint,
  action,
}: {
  title: string;
  reason: string;
  hint: string;
  action?: ReactNode;
}) {
  return (
    <section className="page">
      <h1 className="page__title">{title}</h1>
      <Result status="403" title={reason} subTitle={hint} extra={action} />
    </section>
  );
}

/** An enterprise page for an account without the enterprise's permission. */
export function EnterpriseOnly({ title, what }: { title: string; what: string }) {
  return (
    <NoAccess
      title={title}
      reason={`${what}仅对认证企业开放`}
      hint="完成企业认证后即可使用；子账号请联系主账号查看。"
      action={
        <Link to="/manageCenter/userCenter/enterprise">
          <Button type="primary">去企业认证</Button>
        </Link>
      }
    />
  );
}

/** Admin screens refuse whoever types their address without the admin role, under the page's title. */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const isAdmin = useHasRole(['admin']);
  if (!isAdmin) return <NoAccess title={title} reason={ADMIN_ONLY_TEXT} hint="如需使用，请联系平台管理员。" />;
  return children;
}
