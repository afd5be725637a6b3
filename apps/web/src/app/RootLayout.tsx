import { Spin } from 'antd';
import { Outlet, ScrollRestoration } from 'react-router';
import { BetaModal } from '../auth/beta/BetaModal';
import { LoginModal } from '../auth/login/LoginModal';
import { useSessionSync } from '../auth/session-sync';
import { VerificationPrompt } from '../auth/VerificationPrompt';
import { useDocumentTitle } from '../common/document-title';
import { ImProvider } from '../im/ImProvider';
import { BackTop } from '../shell/BackTop';
import { Footer } from '../shell/Footer';
import { Header } from '../shell/Header';
import { TodoBar } from '../shell/TodoBar';
import { useNavSync } from './navigation-effects';
import { useBoot } from './useBoot';

/**
 * The portal around every page: start-up, header, footer, the floating bars and the modals.
 * Spec §2: each navigation starts at the top of the page; back and forward return to where the
 * page was left (ScrollRestoration).
 */
export function RootLayout() {
  useDocumentTitle();
  useNavSync();
  useSessionSync();
  const ready = useBoot();
  if (!ready) return <Spin fullscreen description="加载中" />;

  return (
    <ImProvider>
      <ScrollRestoration />
      <div className="portal">
        <Header />
        <main className="portal__main">
          <Outlet />
        </main>
        <Footer />
      </div>
      <TodoBar />
      <BackTop />
      <LoginModal />
      <BetaModal />
      <VerificationPrompt />
    </ImProvider>
  );
}
