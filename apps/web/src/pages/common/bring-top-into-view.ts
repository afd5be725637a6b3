/** Room left above the element's top, below the sticky portal header. */
const TOP_GAP_PX = 16;

/**
 * Scrolls up to an element's top when the reader is below it (a list after its page turned, say);
 * leaves the page alone when the top is already in view.
 */
export function bringTopIntoView(element: Element | null | undefined) {
  if (!element) return;
  // The sticky header covers the viewport's top (two rows on a phone): the element starts below it.
  const headerBottom = document.querySelector('.portal-header')?.getBoundingClientRect().bottom ?? 0;
  const offset = element.getBoundingClientRect().top - headerBottom - TOP_GAP_PX;
  if (offset < 0) window.scrollTo({ top: window.scrollY + offset });
}
