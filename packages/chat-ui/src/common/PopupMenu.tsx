import { type ReactNode, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { type Point, positionMenu } from './menu-position';
import './popup-menu.css';

export interface PopupMenuItem {
  key: string;
  label: string;
  onSelect(): void;
  isDanger?: boolean;
}

export interface PopupMenuProps {
  label: string;
  /** Where it opens (the pointer, or a button's corner); moved to stay inside the viewport. */
  point: Point;
  items: PopupMenuItem[];
  onClose(): void;
  /** 'above' puts the menu's bottom edge at the point (still kept inside the viewport). */
  placement?: 'below' | 'above';
  /** Shown above the items (e.g. a row of reactions); its `role="menuitem"` buttons join the arrow keys. */
  header?: ReactNode;
}

/**
 * A floating menu (`role="menu"`): first item focused on open, arrow keys move between items,
 * Escape, Tab or a press outside closes it, and focus goes back to what opened it.
 */
export function PopupMenu({ label, point, items, onClose, placement = 'below', header }: PopupMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState({ left: point.x, top: point.y });
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const element = menu.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    setPosition(
      positionMenu(
        placement === 'above' ? { x: point.x, y: point.y - rect.height } : point,
        { width: rect.width, height: rect.height },
        { width: window.innerWidth, height: window.innerHeight },
      ),
    );
  }, [point, placement]);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const handlePointerDown = (event: Event) => {
      if (menu.current && event.target instanceof Node && !menu.current.contains(event.target)) close.current();
    };
    const handleResize = () => close.current();
    document.addEventListener('mousedown', handlePointerDown, true);
    document.addEventListener('touchstart', handlePointerDown, true);
    window.addEventListener('resize', handleResize);
    return () => {
      document.removeEventListener('mousedown', handlePointerDown, true);
      document.removeEventListener('touchstart', handlePointerDown, true);
      window.removeEventListener('resize', handleResize);
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const handleKeyDown = (event: React.KeyboardEvent) => {
    const buttons = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = buttons.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(index + step + buttons.length) % buttons.length]?.focus();
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      (event.key === 'Home' ? buttons[0] : buttons[buttons.length - 1])?.focus();
    }
  };

  return (
    <div
      ref={menu}
      className="lc-conv-menu"
      role="menu"
      aria-label={label}
      style={{ left: position.left, top: position.top }}
      onKeyDown={handleKeyDown}
      onContextMenu={(event) => event.preventDefault()}
    >
      {header}
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="menuitem"
          tabIndex={-1}
          className={`lc-conv-menu__item${item.isDanger ? ' lc-conv-menu__item--danger' : ''}`}
          onClick={() => {
            onClose();
            item.onSelect();
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
