import type { AiConversation, AiStatus } from '@liaison/protocol';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { deleteAiConversation, fetchAiConversations, fetchAiMessages, fetchAiStatus, streamAiChat } from '../../api/ai';
import { RequestError } from '../../api/request';
import { feedback } from '../../base/feedback';
import { dataOf, type Loaded, useLoad } from '../../common/use-load';
import { type ChatItem, chatReducer, EMPTY_CHAT, retryableAnswer } from './chat-state';

export interface AiChat {
  status: Loaded<AiStatus>;
  conversations: Loaded<AiConversation[]>;
  /** The open conversation (`?id=` in the address); null: a new one. */
  conversationId: string | null;
  /** 'loading' and 'failed' while the open conversation's stored messages are on their way. */
  messagesState: 'loading' | 'failed' | 'ready';
  items: ChatItem[];
  isStreaming: boolean;
  /** The answer a retry would replace. */
  retryable: ChatItem | null;
  /** A refused question, put back into the box (with when, so the same text twice still arrives). */
  draftBack: { text: string; at: number } | null;
  send(prompt: string): void;
  stop(): void;
  retry(): void;
  open(conversationId: string | null): void;
  remove(conversationId: string): Promise<void>;
  reloadStatus(): void;
  reloadConversations(): void;
  reloadMessages(): void;
}

/** The AI page's state: status, conversation list, the open conversation and the answer streaming in. */
export function useAiChat(): AiChat {
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('id');
  const status = useLoad('ai-status', () => fetchAiStatus().then(dataOf));
  const allowed = status.loaded.state === 'ready' && status.loaded.data.allowed;
  const conversations = useLoad(allowed ? 'allowed' : 'closed', () =>
    allowed ? fetchAiConversations().then(dataOf) : Promise.resolve([]),
  );
  const [chat, dispatch] = useReducer(chatReducer, EMPTY_CHAT);
  const [messagesState, setMessagesState] = useState<AiChat['messagesState']>('ready');
  const [draftBack, setDraftBack] = useState<AiChat['draftBack']>(null);
  const answering = useRef<AbortController | null>(null);
  // The conversation an answer just created: its messages are on the page already.
  const createdHere = useRef<string | null>(null);
  const generation = useRef(0);
  const reloadList = conversations.reload;

  const loadMessages = useCallback(async (id: string | null) => {
    generation.current += 1;
    const mine = generation.current;
    if (id === null) {
      dispatch({ type: 'loaded', messages: [] });
      setMessagesState('ready');
      return;
    }
    setMessagesState('loading');
    try {
      const answer = await fetchAiMessages(id);
      if (mine !== generation.current) return;
      dispatch({ type: 'loaded', messages: answer.data });
      setMessagesState('ready');
    } catch {
      if (mine === generation.current) setMessagesState('failed');
    }
  }, []);

  useEffect(() => {
    if (!allowed || (conversationId !== null && conversationId === createdHere.current)) return;
    // Another conversation: the answer streaming into this one stops (the server keeps it).
    answering.current?.abort();
    void loadMessages(conversationId);
  }, [allowed, conversationId, loadMessages]);

  useEffect(() => () => answering.current?.abort(), []);

  const open = useCallback(
    (id: string | null) => {
      createdHere.current = null;
      setParams(id === null ? {} : { id });
    },
    [setParams],
  );

  const ask = useCallback(
    (body: { prompt: string; retryOf?: string }) => {
      const controller = new AbortController();
      answering.current = controller;
      const asked = conversationId;
      const handleFailure = (error: unknown) => {
        if (controller.signal.aborted) return dispatch({ type: 'stopped' });
        if (error instanceof RequestError && error.code !== undefined) {
          // Refused before anything was stored: the question goes back into the box.
          dispatch({ type: 'refused' });
          if (!body.retryOf) setDraftBack({ text: body.prompt, at: Date.now() });
          if (error.code !== 401) feedback.message.warning(error.message);
          return;
        }
        dispatch({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
      };
      streamAiChat(
        { ...(asked === null ? {} : { conversationId: asked }), ...body },
        (event) => {
          if (event.type === 'start' && asked === null) {
            createdHere.current = event.conversationId;
            setParams({ id: event.conversationId }, { replace: true });
          }
          dispatch({ type: 'event', event });
        },
        controller.signal,
      )
        .catch(handleFailure)
        .finally(() => {
          if (answering.current === controller) answering.current = null;
          void reloadList();
        });
    },
    [conversationId, setParams, reloadList],
  );

  const retryable = retryableAnswer(chat);
  return {
    status: status.loaded,
    conversations: conversations.loaded,
    conversationId,
    messagesState,
    items: chat.items,
    isStreaming: chat.isStreaming,
    retryable,
    draftBack,
    send(prompt) {
      dispatch({ type: 'asked', prompt, at: Date.now() });
      ask({ prompt });
    },
    stop() {
      answering.current?.abort();
    },
    retry() {
      if (!retryable) return;
      dispatch({ type: 'retried', at: Date.now() });
      ask({ prompt: '', retryOf: retryable.id });
    },
    open,
    async remove(id) {
      await deleteAiConversation(id);
      feedback.message.success('对话已删除');
      if (id === conversationId) open(null);
      await reloadList();
    },
    reloadStatus: () => void status.reload(),
    reloadConversations: () => void reloadList(),
    reloadMessages: () => void loadMessages(conversationId),
  };
}
