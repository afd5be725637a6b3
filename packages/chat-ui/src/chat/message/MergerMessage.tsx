import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LazyPart, lazyComponent, lazyModule } from '../../common/lazy-part';
import { useMergerNavigator } from '../merger/merger-navigator';
import type { MessageOf } from './message-of';
import type { MessageRenderer } from './renderer-map';

/** The record viewer: fetched the first time a record is opened. */
const mergerViewer = lazyModule(() => import('../merger/MergerViewer'));
const MergerViewer = lazyComponent(mergerViewer, (loaded) => loaded.MergerViewer);

/** The card shows the record's first lines (spec §9: 7). */
export const MERGER_ABSTRACT_LINES = 7;

/**
 * A merged chat record: a card with the title and the first lines of the abstract. Opening it
 * shows the record in the viewer; inside the viewer, a nested record opens as a new level.
 */
export const MergerMessage: MessageRenderer = ({ message }) => {
  const { t } = useTranslation('message');
  const navigator = useMergerNavigator();
  const [isOpen, setOpen] = useState(false);
  const merger = message as MessageOf<'TIMRelayElem'>;
  const { title, abstractList } = merger.payload;

  const handleOpen = () => {
    if (navigator) navigator.push(merger);
    else setOpen(true);
  };

  return (
    <>
      {/* Named by what it shows (title, first lines, 'chat history'), as a reader sees it. */}
      <button type="button" className="lc-card lc-merger" onClick={handleOpen}>
        <span className="lc-card__title lc-merger__title">
          <bdi>{title}</bdi>
        </span>
        <span className="lc-merger__abstract">
          {abstractList.slice(0, MERGER_ABSTRACT_LINES).map((line, index) => (
            // Lines of one record never move, so their position is a stable key.
            <bdi key={String(index)} className="lc-merger__line">
              {line}
            </bdi>
          ))}
        </span>
        <span className="lc-merger__footer">{t('chatRecord')}</span>
      </button>
      {isOpen &&
        createPortal(
          // Nothing while it loads (it opens on a click); a failed fetch says so over the page.
          <LazyPart isFloating onClose={() => setOpen(false)}>
            <MergerViewer root={merger} onClose={() => setOpen(false)} />
          </LazyPart>,
          document.body,
        )}
    </>
  );
};
