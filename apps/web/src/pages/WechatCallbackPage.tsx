import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { HOME_PATH } from '../auth/guards';
import { finishWechatLogin } from '../auth/wechat-login';
import { ButtonLink } from '../common/ButtonLink';
import { useDocumentTitle } from '../common/document-title';

type Phase = { kind: 'working' } | { kind: 'handed-over' } | { kind: 'failed'; reason: string };

const NOT_AUTHORISED_TEXT = '微信未完成授权，请关闭此窗口后重新扫码登录。';

/**
 * Where WeChat sends the login window back (?code&state): the code is exchanged, and the outcome
 * goes to the tab that asked, which logs in or asks to bind an account; then the window closes.
 * Without such a tab (a phone that went to WeChat in the same tab) the outcome applies here and
 * the home page opens.
 */
export function WechatCallbackPage() {
  useDocumentTitle();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  // WeChat's code is good for one exchange: never twice (React's development double effects).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) {
      setPhase({ kind: 'failed', reason: NOT_AUTHORISED_TEXT });
      return;
    }
    finishWechatLogin(code, state).then(
      (isHandedOver) => {
        if (!isHandedOver) {
          // The session (or the binding modal) is in place: on to the portal.
          void navigate(HOME_PATH, { replace: true });
          return;
        }
        window.close();
        // Still here: the browser keeps windows a script did not open itself.
        setPhase({ kind: 'handed-over' });
      },
      (error: unknown) => {
        // The request layer's refusals carry the words the user is shown.
        const reason = error instanceof Error ? error.message : String(error);
        setPhase({ kind: 'failed', reason });
      },
    );
  }, [params, navigate]);

  if (phase.kind === 'working') return <Spin fullscreen description="正在完成微信登录" />;
  const home = (
    <ButtonLink key="home" to={HOME_PATH}>
      返回首页
    </ButtonLink>
  );
  const close = (
    <Button key="close" type="primary" onClick={() => window.close()}>
      关闭窗口
    </Button>
  );
  if (phase.kind === 'handed-over') {
    return (
      <Result
        status="success"
        title="微信登录已完成"
        subTitle="请回到原页面继续，并关闭此窗口。"
        extra={[close, home]}
      />
    );
  }
  return <Result status="error" title="微信登录未完成" subTitle={phase.reason} extra={[close, home]} />;
}
