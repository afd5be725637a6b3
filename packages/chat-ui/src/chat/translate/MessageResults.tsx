import type { Message } from '@liaison/sdk';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useStoreValue } from '../../common/value-store';
import { useKit } from '../../core/kit-context';
import { showErrorToast } from '../../core/toasts/toast-center';
import { MessageText } from '../message/MessageText';
import {
  NotEnabledError,
  type ResultKind,
  TranslationStore,
  targetLanguage,
  translationStore,
} from './translation-store';
import './translate.css';

/** The translation and voice-to-text areas under a message's bubble, each while it is toggled on. */
export function MessageResults({ message }: { message: Message }) {
  return (
    <>
      <ResultArea kind="translation" message={message} />
      <ResultArea kind="conversion" message={message} />
    </>
  );
}

/** The 'please enable …' warning, or the upgrade message when the deployment's plan leaves it out. */
function notEnabledText({ kind, isPlanLimit }: NotEnabledError): string {
  if (kind === 'translation') return isPlanLimit ? 'translateUpgrade' : 'translateNotEnabled';
  return isPlanLimit ? 'convertUpgrade' : 'convertNotEnabled';
}

/**
 * One result area (spec §4): a 'translating…' / 'converting…' placeholder until the result comes,
 * asked for only once the area is on screen; the error's message in the area when it fails; a
 * server without the provider closes the area and says 'please enable …'; one whose plan leaves it
 * out (the operator's switch, 3122) says so and how to get it.
 */
function ResultArea({ kind, message }: { kind: ResultKind; message: Message }) {
  const { chat } = useKit();
  const { t, i18n } = useTranslation('action');
  const store = translationStore(chat);
  const key = TranslationStore.keyOf(kind, message.ID);
  const entry = useStoreValue(store.entries, (entries) => entries.get(key));
  const area = useRef<HTMLOutputElement>(null);
  const isShown = entry?.isShown ?? false;
  const language = targetLanguage(i18n.language);

  useEffect(() => {
    const element = area.current;
    if (!isShown || !element) return;
    const load = () =>
      store.load(kind, message, language).catch((error: unknown) => {
        if (error instanceof NotEnabledError) showErrorToast(chat, { message: t(notEnabledText(error)) });
      });
    if (typeof IntersectionObserver === 'undefined') {
      void load();
      return;
    }
    const observer = new IntersectionObserver((records) => {
      if (!records.some((record) => record.isIntersecting)) return;
      observer.disconnect();
      void load();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [isShown, store, kind, message, language, chat, t]);

  if (!isShown) return null;
  const result = entry?.result;
  // An <output> is announced when its words change: the placeholder, then the result or the error.
  return (
    <output
      ref={area}
      className={`lc-result${result?.status === 'error' ? ' lc-result--error' : ''}`}
      aria-label={t(kind)}
    >
      {!result || result.status === 'loading' ? (
        <span className="lc-result__placeholder">{t(kind === 'translation' ? 'translating' : 'converting')}</span>
      ) : result.status === 'error' ? (
        <span>{result.message}</span>
      ) : (
        <>
          <MessageText text={result.text} />
          <span className="lc-result__footer">
            {t(kind === 'translation' ? 'translationFooter' : 'conversionFooter')}
          </span>
        </>
      )}
    </output>
  );
}
