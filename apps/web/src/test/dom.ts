// Shared set-up for component tests in jsdom: what the browser has and jsdom lacks, and a
// clean page and session after every test.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { EMPTY_PERMISSIONS, sessionStore } from '../session/session-store';

// Pages here load from a real server on two shared cores: a find that succeeds returns at once,
// one that waits 1 s (the default) fails on a loaded machine.
configure({ asyncUtilTimeout: 10_000 });

// Ant Design reads media queries for its responsive parts.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

window.scrollTo = () => undefined;
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

// Ant Design measures scrollbars through pseudo-elements, which jsdom does not render; the
// element's own style is what it can give.
const computedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computedStyle(element);

// Ant Design's tabs and menus watch their size; jsdom lays nothing out, so there is nothing to report.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) Object.defineProperty(window, 'ResizeObserver', { value: NoResizeObserver });

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  sessionStore.update({
    user: null,
    person: null,
    loginStatus: false,
    permissions: EMPTY_PERMISSIONS,
    answeredPrompts: [],
    loginModal: { open: false, mode: 'account', opened: 0, wechat: null },
    betaModalOpen: false,
  });
  vi.unstubAllGlobals();
  vi.useRealTimers();
});
