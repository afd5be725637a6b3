import { FloatButton } from 'antd';

/** Spec §2 (shell): on a long page, a button back to the top appears once the page is scrolled down. */
export function BackTop() {
  return <FloatButton.BackTop className="back-top" aria-label="回到顶部" tooltip="回到顶部" />;
}
