import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除。"
      extra={
        <Button type="primary" onClick={() => navigate('/index')}>
          返回首页
        </Button>
      }
    />
  );
}
