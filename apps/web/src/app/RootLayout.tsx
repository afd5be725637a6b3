import { Spin } from 'antd';
import { Outlet } from 'react-router';
import { BetaModal } from '../auth/beta/BetaModal';
import { LoginModal } from '../auth/login/LoginModal';
import { VerificationPrompt } from '../auth/VerificationPrompt';
import { ImProvider } from '../im/ImProvider';
import { Footer } from '../shell/Footer';
import { Header } from '../shell/Header';
import { TodoBar } from '../shell/TodoBar';
import { useDocumentTitle, useNavSync, useScrollToTop } from './navigation-effects';
import { useBoot } from './useBoot';

/** The portal around every page: start-up, header, footer, the floating bar and the modals. */
export function RootLayout() {
  useScrollToTop();
  useDocumentTitle();
  useNavSync();
  const ready = useBoot();
  if (!ready) return <Spin fullscreen description="加载中" />;

  return (
    <ImProvider>
      <div className="portal">
        <Header />
        <main className="portal__main">
          <Outlet />
        </main>
        <Footer />
      </div>
      <TodoBar />
      <LoginModal />
      <BetaModal />
      <VerificationPrompt />
    </ImProvider>
  );
}
