import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';

interface RecordFailedProps {
  title: string;
  subTitle?: string;
  /** Absent when there is nothing to try again (no id in the address). */
  onRetry?: () => void;
  /** Where the reader goes instead. */
  back: { label: string; to: string };
}

/** A detail page whose record could not be shown: why, try again, and somewhere else to go. */
export function RecordFailed({ title, subTitle, onRetry, back }: RecordFailedProps) {
  const navigate = useNavigate();
  return (
    <section className="page">
      <Result
        status="404"
        title={title}
        subTitle={subTitle}
        extra={[
          onRetry && (
            <Button key="retry" onClick={onRetry}>
              重新加载
            </Button>
          ),
          <Button key="back" type="primary" onClick={() => navigate(back.to)}>
            {back.label}
          </Button>,
        ]}
      />
    </section>
  );
}
