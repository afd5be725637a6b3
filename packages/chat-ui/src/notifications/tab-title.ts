/** A leading unread count the kit put there, e.g. "(3) " or "(99+) ". */
const COUNT_PREFIX = /^\(\d+\+?\) /;

/** The title with the unread count in front ('(3) Messages'), or without one when nothing is unread. */
export function titleWithUnread(title: string, count: number): string {
  const base = title.replace(COUNT_PREFIX, '');
  if (count <= 0) return base;
  return `(${count > 99 ? '99+' : count}) ${base}`;
}

/**
 * Keeps the total unread count in front of the page's title while the kit is open. The host may
 * change the title meanwhile (route changes do): the count is put back in front of the new one.
 * `stop()` leaves the title as the host last set it.
 */
export function keepUnreadInTitle(doc: Document): { update(count: number): void; stop(): void } {
  let count = 0;
  const apply = () => {
    const wanted = titleWithUnread(doc.title, count);
    if (doc.title !== wanted) doc.title = wanted;
  };
  const observer = typeof MutationObserver === 'undefined' ? null : new MutationObserver(apply);
  observer?.observe(doc.head, { subtree: true, childList: true, characterData: true });
  return {
    update(next) {
      count = next;
      apply();
    },
    stop() {
      observer?.disconnect();
      count = 0;
      apply();
    },
  };
}
