import { useTranslation } from 'react-i18next';
import { useStoreValue } from '../../common/value-store';
import { useKit } from '../../core/kit-context';
import { composerBridge } from './composer-bridge';
import { quoteSender } from './message-reply';
import { QuoteAbstract } from './QuoteAbstract';
import './quote.css';

/**
 * The quote bar above the editor (spec §2, §4): the quoted message's sender and abstract, and a
 * close icon that drops the quote. The next message sent carries the quote.
 */
export function QuoteBar({ conversationID }: { conversationID: string }) {
  const { chat } = useKit();
  const { t } = useTranslation('action');
  const bridge = composerBridge(chat, conversationID);
  const quote = useStoreValue(bridge.quote, (value) => value);
  if (!quote) return null;
  return (
    <section className="lc-quote-bar" aria-label={t('quoteBar')}>
      <span className="lc-quote-bar__text">
        <bdi className="lc-quote__sender">{quoteSender(quote)}</bdi>
        {': '}
        <QuoteAbstract type={quote.type} text={quote.type === 'TIMTextElem' ? quote.payload.text : ''} />
      </span>
      <button
        type="button"
        className="lc-icon-button lc-quote-bar__close"
        aria-label={t('cancelQuote')}
        title={t('cancelQuote')}
        onClick={() => bridge.setQuote(null)}
      >
        ×
      </button>
    </section>
  );
}
