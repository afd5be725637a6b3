import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { decideRoute } from './guards';
import { openLoginModal, setBetaModalOpen, useSession } from './session-store';

/** Applies the route guard of spec §4 to every page below it, again whenever the session changes. */
export function RouteGuard() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const loginStatus = useSession((state) => state.loginStatus);
  const person = useSession((state) => state.person);
  const decision = decideRoute(pathname, { loginStatus, person });
  const redirectTo = decision.kind === 'redirect' ? decision.to : null;
  const open = decision.kind === 'redirect' ? decision.open : undefined;

  useEffect(() => {
    if (redirectTo === null) return;
    if (open === 'login') openLoginModal();
    if (open === 'beta') setBetaModalOpen(true);
    navigate(redirectTo, { replace: true });
  }, [redirectTo, open, navigate]);

  return redirectTo === null ? <Outlet /> : null;
}
