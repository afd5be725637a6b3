import { type RefObject, useLayoutEffect, useState } from 'react';

/** The widest the desktop results panel grows: room for the list and a conversation's hits. */
const PANEL_MAX_WIDTH = 880;
const MARGIN = 8;

export interface PanelBox {
  width: number;
  height: number;
}

/**
 * The size of the desktop results panel that drops below the search box: as wide as the kit allows
 * (up to PANEL_MAX_WIDTH) and down to the kit's bottom, so it never spills out of the kit. Followed
 * on window resize.
 */
export function usePanelBox(anchor: RefObject<HTMLElement | null>, isOpen: boolean): PanelBox | null {
  const [box, setBox] = useState<PanelBox | null>(null);
  useLayoutEffect(() => {
    const element = anchor.current;
    if (!isOpen || !element) return;
    const measure = () => {
      const kit = element.closest('.lc-kit') ?? document.documentElement;
      const own = element.getBoundingClientRect();
      const room = kit.getBoundingClientRect();
      setBox({
        width: Math.max(own.width, Math.min(PANEL_MAX_WIDTH, room.right - own.left - MARGIN)),
        height: Math.max(240, room.bottom - own.bottom - MARGIN),
      });
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [anchor, isOpen]);
  return box;
}
