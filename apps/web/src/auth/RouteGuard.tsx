import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ButtonLink } from '../common/ButtonLink';
import { openLoginModal, setBetaModalOpen, useSession } from '../session/session-store';
import { decideRoute, HOME_PATH } from './guards';

export const LOGIN_REQUIRED_TEXT = '登录后即可查看此页面';

/** Applies the route guard of spec §4 to every page below it, again whenever the session changes. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loginStatus = useSession((state) => state.loginStatus);
  const person = useSession((state) => state.person);
  const decision = decideRoute(pathname, { loginStatus, person });
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const open = decision.kind === 'redirect' ? decision.open : undefined;
  const isAskingLogin = decision.kind === 'login';

  useEffect(() => {
    if (redirectTo === null) return;
    if (open === 'login') openLoginModal();
    if (open === 'beta') setBetaModalOpen(true);
    navigate(redirectTo, { replace: true });
  }, [redirectTo, open, navigate]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page that needs login asks once on arrival
  useEffect(() => {
    if (isAskingLogin) openLoginModal();
  }, [isAskingLogin, pathname]);

  if (isAskingLogin) return <LoginRequired />;
  return redirectTo === null ? <Outlet /> : null;
}

/**
 * Spec §6: a page that needs login, as a visitor sees it behind the login modal (and after
 * closing it). The address stays, so the login's reload opens the page itself.
 */
function LoginRequired() {
  return (
    <Result
      status="403"
      title="请先登录"
      subTitle={LOGIN_REQUIRED_TEXT}
      extra={[
        <Button key="login" type="primary" onClick={() => openLoginModal()}>
          去登录
        </Button>,
        <ButtonLink key="home" to={HOME_PATH}>
          返回首页
        </ButtonLink>,
      ]}
    />
  );
}
