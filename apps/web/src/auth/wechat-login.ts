import { WECHAT_RENDER_URL, wechatCallback } from '../api/auth';
import type { WechatCallbackData } from '../api/types';
import { openWechatBinding } from '../session/session-store';
import { completeLogin, establishSession } from './session-actions';

/**
 * WeChat login (spec §2, §7): the login modal opens WeChat's QR page in a new window; WeChat sends
 * that window back to /wechat-callback, which exchanges the code and hands the outcome to the tab
 * that asked, over a BroadcastChannel (the window loses its opener on the way through WeChat).
 */

export const UNREADABLE_TEXT = '微信登录的应答无法识别，请重试';

const CHANNEL = 'liaison-wechat-login';
/** A person may take their time on WeChat's page; the asking tab listens this long. */
const LISTEN_MS = 10 * 60_000;
/** How long the login window waits for the asking tab to answer. */
const ANSWER_MS = 1500;

/** What the login window hands the asking tab: the server's answer, checked. */
interface WechatOutcome {
  data: WechatCallbackData;
  msg: string;
}

type WechatMessage = { type: 'outcome'; outcome: WechatOutcome } | { type: 'received' };

let listening: { channel: BroadcastChannel; timer: ReturnType<typeof setTimeout> } | null = null;

/** Opens WeChat login in a new window and waits for its outcome (this tab goes itself if pop-ups are blocked). */
export function startWechatLogin(): void {
  const opened = window.open(WECHAT_RENDER_URL, 'wechat-login', 'width=600,height=640');
  if (!opened) {
    window.location.assign(WECHAT_RENDER_URL);
    return;
  }
  stopListening();
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = readMessage(event.data);
    if (message?.type !== 'outcome') return;
    channel.postMessage({ type: 'received' } satisfies WechatMessage);
    stopListening();
    void apply(message.outcome, true);
  };
  listening = { channel, timer: setTimeout(stopListening, LISTEN_MS) };
}

/**
 * The login window's part: exchanges WeChat's code and hands the outcome to the asking tab.
 * Resolves true when that tab took it (the window may close); false when no tab answered
 * (a phone that opened WeChat in the same tab): the outcome was then applied here.
 */
export async function finishWechatLogin(code: string, state: string): Promise<boolean> {
  const { data, msg } = await wechatCallback(code, state);
  const checked = readCallbackData(data);
  if (!checked) throw new Error(UNREADABLE_TEXT);
  const outcome = { data: checked, msg };
  if (await handOver(outcome)) return true;
  await apply(outcome, false);
  return false;
}

/**
 * A bound account logs in as any login does (toast, reload) in the asking tab; a login window
 * left on its own only stores the session, as it goes on to the home page. An unbound one opens
 * the modal's 'bind account' mode.
 */
async function apply({ data, msg }: WechatOutcome, isAskingTab: boolean): Promise<void> {
  if ('wechatKey' in data) {
    openWechatBinding({ wechatKey: data.wechatKey, nickname: data.nickname });
  } else if (isAskingTab) {
    // A failure has been told by the request layer.
    await completeLogin(data.token, msg).catch(() => undefined);
  } else {
    await establishSession(data.token);
  }
}

function handOver(outcome: WechatOutcome): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(CHANNEL);
    const finish = (taken: boolean) => {
      clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = setTimeout(() => finish(false), ANSWER_MS);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (readMessage(event.data)?.type === 'received') finish(true);
    };
    channel.postMessage({ type: 'outcome', outcome } satisfies WechatMessage);
  });
}

function stopListening(): void {
  if (!listening) return;
  clearTimeout(listening.timer);
  listening.channel.close();
  listening = null;
}

/** Another window's message, checked: only our two shapes pass. */
function readMessage(value: unknown): WechatMessage | null {
  const fields = record(value);
  if (fields.type === 'received') return { type: 'received' };
  const outcome = record(fields.outcome);
  const data = readCallbackData(outcome.data);
  if (fields.type !== 'outcome' || !data) return null;
  return { type: 'outcome', outcome: { data, msg: typeof outcome.msg === 'string' ? outcome.msg : '' } };
}

/** The callback's data: a token, or a binding key with the WeChat nickname. */
function readCallbackData(value: unknown): WechatCallbackData | null {
  const fields = record(value);
  if (typeof fields.token === 'string' && fields.token) return { token: fields.token };
  if (typeof fields.wechatKey === 'string' && fields.wechatKey) {
    return { wechatKey: fields.wechatKey, nickname: typeof fields.nickname === 'string' ? fields.nickname : '' };
  }
  return null;
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}
