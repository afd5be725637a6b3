import { ErrorCode, Limits } from '@liaison/protocol';
import type { ChatSDK, Message } from '@liaison/sdk';
import { parseTextParts } from '../../common/emoji/text-parts';
import { ValueStore } from '../../common/value-store';

/** A text's translation, or a voice message's text. */
export type ResultKind = 'translation' | 'conversion';

export type ResultState =
  | { status: 'loading' }
  /** The result as message text: emoji stay as their tags, drawn as pictures. */
  | { status: 'done'; text: string }
  | { status: 'error'; message: string };

/** One message's result area: shown or hidden, and what it holds once loaded. */
export interface ResultEntry {
  isShown: boolean;
  /** Absent until the area has been on screen (spec §4: loaded once visible). */
  result?: ResultState;
  /** The language a translation is in; a new kit language translates again. */
  language?: string;
}

/**
 * The server has no provider for this (60050 / 60051), or the deployment's plan leaves it out
 * (3122, `isPlanLimit`): the menu's warning or upgrade message, not a result.
 */
export class NotEnabledError extends Error {
  constructor(
    readonly kind: ResultKind,
    readonly isPlanLimit = false,
  ) {
    super(kind === 'translation' ? 'translation is not enabled' : 'voice to text is not enabled');
  }
}

/**
 * Translations and voice-to-text results of one SDK instance, by message ID. Results stay when
 * hidden, so showing again asks nobody (spec §4: conversions are cached per message ID).
 */
export class TranslationStore {
  readonly entries = new ValueStore<ReadonlyMap<string, ResultEntry>>(new Map());

  constructor(private readonly chat: ChatSDK) {}

  static keyOf(kind: ResultKind, messageID: string): string {
    return `${kind}:${messageID}`;
  }

  get(kind: ResultKind, messageID: string): ResultEntry | undefined {
    return this.entries.get().get(TranslationStore.keyOf(kind, messageID));
  }

  isShown(kind: ResultKind, messageID: string): boolean {
    return this.get(kind, messageID)?.isShown ?? false;
  }

  /** The menu's translate / hide (convert / hide) toggle. */
  toggle(kind: ResultKind, messageID: string): void {
    const entry = this.get(kind, messageID);
    this.put(kind, messageID, { ...entry, isShown: !entry?.isShown });
  }

  /**
   * Fills a shown area: a translation into `language` (text parts only, emoji kept), or the text
   * of a voice message. Does nothing when it is loading or already there. A server without the
   * provider rejects with NotEnabledError and the area closes; other failures show in the area.
   */
  async load(kind: ResultKind, message: Message, language: string): Promise<void> {
    const entry = this.get(kind, message.ID);
    if (!entry?.isShown) return;
    const isCurrent = kind === 'conversion' || entry.language === language;
    if (entry.result && (entry.result.status === 'loading' || (entry.result.status === 'done' && isCurrent))) return;
    this.put(kind, message.ID, { isShown: true, result: { status: 'loading' }, language });
    try {
      const text =
        kind === 'translation' ? await this.translate(message, language) : await this.convert(message, language);
      this.put(kind, message.ID, {
        isShown: this.isShown(kind, message.ID),
        result: { status: 'done', text },
        language,
      });
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      if (
        code === ErrorCode.TRANSLATION_NOT_ENABLED ||
        code === ErrorCode.VOICE_TO_TEXT_NOT_ENABLED ||
        code === ErrorCode.FEATURE_NOT_ENABLED
      ) {
        this.put(kind, message.ID, { isShown: false });
        throw new NotEnabledError(kind, code === ErrorCode.FEATURE_NOT_ENABLED);
      }
      const text = error instanceof Error ? error.message : String(error);
      this.put(kind, message.ID, {
        isShown: this.isShown(kind, message.ID),
        result: { status: 'error', message: text },
        language,
      });
    }
  }

  private async translate(message: Message, language: string): Promise<string> {
    if (message.type !== 'TIMTextElem') return '';
    const parts = parseTextParts(message.payload.text);
    const texts = parts.flatMap((part) => (part.type === 'text' && part.text.trim() !== '' ? [part.text] : []));
    const translated: string[] = [];
    for (let at = 0; at < texts.length; at += Limits.TRANSLATE_TEXTS_MAX) {
      const { data } = await this.chat.translateText({
        sourceTextList: texts.slice(at, at + Limits.TRANSLATE_TEXTS_MAX),
        targetLanguage: language,
      });
      translated.push(...data.translatedTextList);
    }
    let next = 0;
    return parts
      .map((part) =>
        part.type === 'emoji' ? part.key : part.text.trim() === '' ? part.text : (translated[next++] ?? part.text),
      )
      .join('');
  }

  private async convert(message: Message, language: string): Promise<string> {
    const { data } = await this.chat.convertVoiceToText({ message, language });
    return data.result;
  }

  private put(kind: ResultKind, messageID: string, entry: ResultEntry): void {
    this.entries.update((current) => new Map(current).set(TranslationStore.keyOf(kind, messageID), entry));
  }
}

const stores = new WeakMap<ChatSDK, TranslationStore>();

export function translationStore(chat: ChatSDK): TranslationStore {
  let store = stores.get(chat);
  if (!store) {
    store = new TranslationStore(chat);
    stores.set(chat, store);
  }
  return store;
}

/** The language a translation goes into: the kit's (spec: target = the current interface language). */
export function targetLanguage(kitLanguage: string): string {
  return kitLanguage === 'zh-CN' ? 'zh' : kitLanguage;
}
