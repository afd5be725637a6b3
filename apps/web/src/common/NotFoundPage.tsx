import { Result } from 'antd';
import { ButtonLink } from './ButtonLink';

/** Spec §2: the catch-all page, with a way home. */
export function NotFoundPage() {
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除。"
      extra={
        <ButtonLink type="primary" to="/index">
          返回首页
        </ButtonLink>
      }
    />
  );
}
