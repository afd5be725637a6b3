// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SidePanel } from './SidePanel';

afterEach(cleanup);

/** A panel whose one row goes away when handled, taking the focus with it. */
function PanelWithRow({ onClose }: { onClose(): void }) {
  const [isHandled, setHandled] = useState(false);
  return (
    <SidePanel className="test-panel" isH5={false} titleID="test-title" onClose={onClose}>
      <h2 id="test-title">群设置</h2>
      {!isHandled && (
        <button type="button" onClick={() => setHandled(true)}>
          取消禁言
        </button>
      )}
    </SidePanel>
  );
}

describe('SidePanel', () => {
  it('closes on Escape pressed after the focused row went away and focus fell to the page', () => {
    const onClose = vi.fn();
    render(<PanelWithRow onClose={onClose} />);
    const row = screen.getByRole('button', { name: '取消禁言' });
    row.focus();
    fireEvent.click(row);
    // The row is gone; the browser left the focus on the page before the panel took it back.
    document.body.focus();
    expect(document.activeElement).toBe(document.body);
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('leaves a key pressed on the page alone once it is closed', () => {
    const onClose = vi.fn();
    const { unmount } = render(<PanelWithRow onClose={onClose} />);
    unmount();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();
  });
});
