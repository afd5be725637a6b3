import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loginToChat } from './login';

/** Tencent's sample shape: log in through TUILogin, then render the kit. */
const root = document.getElementById('root');
if (!root) throw new Error('no #root element');
void loginToChat().then(() => createRoot(root).render(<App />));
