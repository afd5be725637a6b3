import { Button, Result } from 'antd';

/** A list that could not be loaded, with a way to try again. */
export function ListFailed({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={title}
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
