import {
  type AiConversation,
  type AiMessage,
  type AiStatus,
  type AiStreamEvent,
  readEventStream,
} from '@liaison/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../../app';
import { toNumber } from '../../db/database';
import { startServer } from '../../integration/harness';
import type { Answer, PortalClient } from '../test-client';
import { ability, enterprise, registered } from '../test-people';
import { type FakeModel, linkTheReferences, startFakeModel } from './test-model';

let server: LiaisonServer;
let model: FakeModel;
const AI_LIMIT = 5;

beforeAll(async () => {
  model = await startFakeModel();
  server = await startServer(
    {
      testHooks: true,
      devOutboxEndpoint: false,
      ai: { baseUrl: model.url, apiKey: 'sk-test', model: 'test-model', responseTimeoutMs: 2_000, idleTimeoutMs: 500 },
    },
    { limits: { aiPromptsPerUserPerMinute: AI_LIMIT } },
  );
});

afterAll(async () => {
  await server?.close();
  await model?.close();
});

/** A person whose beta application was approved. */
async function betaUser(): Promise<PortalClient> {
  const person = await registered(server);
  await server.db.query('UPDATE portal_accounts SET beta_status = true WHERE user_id = $1', [person.userId]);
  return person.client;
}

async function searchesLogged(): Promise<number> {
  const [row] = await server.db.query<{ n: unknown }>('SELECT count(*) AS n FROM portal_search_log');
  return toNumber(row?.n);
}

interface ChatResult {
  /** The envelope of a refusal, which comes before any streaming. */
  refusal: Answer | null;
  events: AiStreamEvent[];
}

/**
 * POST /portal/ai/chat over a real connection, as the page sends it, read event by event.
 * `stopAfter`: the request is closed once that many pieces of text have come (the stop button).
 */
async function chat(
  client: PortalClient,
  body: Record<string, unknown>,
  stopAfter = Number.POSITIVE_INFINITY,
): Promise<ChatResult> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/prod-api/portal/ai/chat`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(client.token ? { authorization: `Bearer ${client.token}` } : {}),
    },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  expect(response.status).toBe(200);
  if (!response.headers.get('content-type')?.startsWith('text/event-stream')) {
    return { refusal: (await response.json()) as Answer, events: [] };
  }
  const events: AiStreamEvent[] = [];
  if (!response.body) throw new Error('the answer has no body');
  try {
    for await (const data of readEventStream(response.body)) {
      events.push(JSON.parse(data) as AiStreamEvent);
      if (events.filter((e) => e.type === 'delta').length >= stopAfter) {
        controller.abort();
        break;
      }
    }
  } catch (err) {
    if (!controller.signal.aborted) throw err;
  }
  return { refusal: null, events };
}

const startOf = (events: AiStreamEvent[]) => {
  const start = events[0];
  if (start?.type !== 'start') throw new Error(`the stream did not start: ${JSON.stringify(events)}`);
  return start;
};
const textOf = (events: AiStreamEvent[]) => events.map((e) => (e.type === 'delta' ? e.text : '')).join('');

async function messagesOf(client: PortalClient, conversationId: string): Promise<AiMessage[]> {
  const answer = await client.call<AiMessage[]>('GET', `/portal/ai/conversations/${conversationId}/messages`);
  expect(answer.code, answer.msg).toBe(200);
  return answer.data ?? [];
}

/** The stored answer once the server has finished it (a stop is noticed when the connection closes). */
async function settledAnswer(client: PortalClient, conversationId: string, state: AiMessage['state']) {
  await expect
    .poll(async () => (await messagesOf(client, conversationId)).at(-1)?.state, { timeout: 5_000 })
    .toBe(state);
  return (await messagesOf(client, conversationId)).at(-1);
}

describe('AI assistant: answers', () => {
  it('streams the answer piece by piece, in order, and keeps the conversation', async () => {
    const me = await betaUser();
    model.script = () => ({ pieces: ['您好', '，我是', '平台的', 'AI助手。'], delayMs: 30 });
    const { events } = await chat(me, { prompt: '  你好，请介绍一下你自己  ' });

    const start = startOf(events);
    expect(events.slice(1)).toEqual([
      { type: 'delta', text: '您好' },
      { type: 'delta', text: '，我是' },
      { type: 'delta', text: '平台的' },
      { type: 'delta', text: 'AI助手。' },
      { type: 'done', state: 'done' },
    ]);
    const conversations = (await me.call<AiConversation[]>('GET', '/portal/ai/conversations')).data;
    expect(conversations).toEqual([
      { id: start.conversationId, title: '你好，请介绍一下你自己', updatedAt: expect.any(Number) },
    ]);
    const messages = await messagesOf(me, start.conversationId);
    expect(messages.map(({ id, role, content, state }) => ({ id, role, content, state }))).toEqual([
      { id: start.userMessageId, role: 'user', content: '你好，请介绍一下你自己', state: 'done' },
      { id: start.assistantMessageId, role: 'assistant', content: '您好，我是平台的AI助手。', state: 'done' },
    ]);
    expect(model.requests.at(-1)).toMatchObject({
      authorization: 'Bearer sk-test',
      body: { model: 'test-model', stream: true },
    });
  });

  it('gives the model what the portal search finds for the question and shows it under the answer', async () => {
    const maker = await enterprise(server, '昆山精雕五轴制造有限公司');
    const cnc = await ability(server, maker, { name: '五轴CNC精密加工' });
    await ability(server, maker, { name: '五轴CNC草稿能力', status: 0 });
    const other = await enterprise(server, '无关物流有限公司');
    await ability(server, other, { name: '冷链仓储' });
    const me = await betaUser();
    model.script = linkTheReferences;
    const searchesBefore = await searchesLogged();

    // No enterprise has all of 五轴, cnc and 加工 in it: the maker is found by 五轴 alone.
    const { events } = await chat(me, { prompt: '有没有做五轴CNC加工的企业？' });
    const start = startOf(events);
    expect(start.references).toEqual([
      { type: 'ability', id: cnc, title: '五轴CNC精密加工', path: `/supplyDetail?id=${cnc}` },
      {
        type: 'enterprise',
        id: maker.userId,
        title: '昆山精雕五轴制造有限公司',
        path: `/companyMainPage?id=${maker.userId}`,
      },
    ]);
    const system = model.requests.at(-1)?.body.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('AI助手');
    expect(system?.content).toContain(`1. [能力] 五轴CNC精密加工：/supplyDetail?id=${cnc}`);
    expect(system?.content).toContain(`2. [企业] 昆山精雕五轴制造有限公司：/companyMainPage?id=${maker.userId}`);
    expect(system?.content).not.toContain('草稿');
    expect(system?.content).not.toContain('冷链');
    expect(textOf(events)).toContain(`[五轴CNC精密加工](/supplyDetail?id=${cnc})`);
    const answer = (await messagesOf(me, start.conversationId)).at(-1);
    expect(answer?.references).toEqual(start.references);
    // The assistant's lookups are not the user's searches: the keyword statistics do not count them.
    expect(await searchesLogged()).toBe(searchesBefore);
  });

  it('gives no references for a question whose words the portal does not have, and tells the model so', async () => {
    const maker = await enterprise(server, '宁波注塑模具有限公司');
    await ability(server, maker, { name: '注塑模具开发' });
    const me = await betaUser();
    model.script = linkTheReferences;

    const { events } = await chat(me, { prompt: '哪里能买到天文望远镜？' });
    expect(startOf(events).references).toEqual([]);
    expect(textOf(events)).toBe('平台上暂未找到相关内容。');
    expect(model.requests.at(-1)?.body.messages[0]?.content).toContain('（本次没有检索到相关条目）');
  });

  it('sends the earlier exchanges of the conversation with a new question', async () => {
    const me = await betaUser();
    model.script = () => ({ pieces: ['第一个回答'] });
    const first = startOf((await chat(me, { prompt: '第一个问题' })).events);
    model.script = () => ({ pieces: ['第二个回答'] });
    await chat(me, { prompt: '第二个问题', conversationId: first.conversationId });

    const sent = model.requests.at(-1)?.body.messages ?? [];
    expect(sent.slice(1)).toEqual([
      { role: 'user', content: '第一个问题' },
      { role: 'assistant', content: '第一个回答' },
      { role: 'user', content: '第二个问题' },
    ]);
    expect((await messagesOf(me, first.conversationId)).map((m) => m.content)).toEqual([
      '第一个问题',
      '第一个回答',
      '第二个问题',
      '第二个回答',
    ]);
  });

  it('stops when the request closes, keeping the text so far as stopped, and closes the model request', async () => {
    const me = await betaUser();
    model.script = () => ({ pieces: ['供应链', '金融的'], delayMs: 30, hang: true });
    const { events } = await chat(me, { prompt: '讲讲供应链金融' }, 2);
    expect(textOf(events)).toBe('供应链金融的');

    const answer = await settledAnswer(me, startOf(events).conversationId, 'stopped');
    expect(answer?.content).toBe('供应链金融的');
    await expect.poll(() => model.openStreams, { timeout: 5_000 }).toBe(0);
  });

  it('retries the last question, replacing its answer, and sends the question once', async () => {
    const me = await betaUser();
    model.script = () => ({ pieces: ['不太好的回答'] });
    const first = startOf((await chat(me, { prompt: '仓储物流怎么选' })).events);
    model.script = () => ({ pieces: ['更好的回答'] });
    const { events } = await chat(me, {
      conversationId: first.conversationId,
      prompt: '',
      retryOf: first.assistantMessageId,
    });

    const retry = startOf(events);
    expect(retry.userMessageId).toBe(first.userMessageId);
    expect(retry.assistantMessageId).not.toBe(first.assistantMessageId);
    expect(textOf(events)).toBe('更好的回答');
    expect((await messagesOf(me, first.conversationId)).map((m) => [m.role, m.content, m.state])).toEqual([
      ['user', '仓储物流怎么选', 'done'],
      ['assistant', '更好的回答', 'done'],
    ]);
    expect(model.requests.at(-1)?.body.messages.slice(1)).toEqual([{ role: 'user', content: '仓储物流怎么选' }]);

    const stale = await chat(me, {
      conversationId: first.conversationId,
      retryOf: first.assistantMessageId,
    });
    expect(stale.refusal).toEqual({ code: 500, msg: '只能重新回答最后一个问题' });
  });

  it('ends with the model service error, stored as a failed answer', async () => {
    const me = await betaUser();
    model.script = () => ({ status: 503, message: 'the model is overloaded' });
    const { events } = await chat(me, { prompt: '你好' });
    expect(events.slice(1)).toEqual([
      { type: 'error', code: 500, msg: 'AI服务暂时不可用：HTTP 503: the model is overloaded' },
    ]);
    const answer = await settledAnswer(me, startOf(events).conversationId, 'error');
    expect(answer?.content).toBe('');
  });

  it('gives up on a model that stalls, keeping what came as a failed answer', async () => {
    const me = await betaUser();
    model.script = () => ({ pieces: ['半句话'], hang: true });
    const { events } = await chat(me, { prompt: '你好' });
    expect(events.at(-1)).toEqual({
      type: 'error',
      code: 500,
      msg: 'AI服务暂时不可用：the answer stalled for 0.5 s',
    });
    const answer = await settledAnswer(me, startOf(events).conversationId, 'error');
    expect(answer?.content).toBe('半句话');
  });

  it('refuses an empty or too long question, storing nothing', async () => {
    const me = await betaUser();
    expect((await chat(me, { prompt: '   ' })).refusal).toEqual({ code: 500, msg: '请输入问题' });
    expect((await chat(me, { prompt: '问'.repeat(2001) })).refusal).toEqual({
      code: 500,
      msg: '问题不能超过2000个字符',
    });
    expect((await me.call('GET', '/portal/ai/conversations')).data).toEqual([]);
  });

  it(`allows ${AI_LIMIT} questions a minute per person`, async () => {
    const me = await betaUser();
    model.script = () => ({ pieces: ['好'] });
    for (let i = 0; i < AI_LIMIT; i += 1) expect((await chat(me, { prompt: `问题${i}` })).refusal).toBeNull();
    const refused = await chat(me, { prompt: '再问一个' });
    expect(refused.refusal?.code).toBe(601);
    expect(refused.refusal?.msg).toMatch(/^操作过于频繁/);
    expect((await me.call<AiConversation[]>('GET', '/portal/ai/conversations')).data).toHaveLength(AI_LIMIT);
  });
});

describe('AI assistant: who may use it', () => {
  it('tells a person without the beta or the AI permission that it is closed to them', async () => {
    const { client, userId } = await registered(server);
    const status = await client.call<AiStatus>('GET', '/portal/ai/status');
    expect(status.data).toEqual({ configured: true, allowed: false, model: 'test-model' });
    const refusal = { code: 403, msg: 'AI助手仅对内测用户开放，请先申请内测资格' };
    expect((await chat(client, { prompt: '你好' })).refusal).toEqual(refusal);
    expect(await client.call('GET', '/portal/ai/conversations')).toEqual(refusal);

    await server.db.query('UPDATE portal_accounts SET ai_status = true WHERE user_id = $1', [userId]);
    expect((await client.call<AiStatus>('GET', '/portal/ai/status')).data?.allowed).toBe(true);
    model.script = () => ({ pieces: ['可以了'] });
    expect(textOf((await chat(client, { prompt: '你好' })).events)).toBe('可以了');
  });

  it('asks a visitor to log in', async () => {
    const visitor = { token: null } as PortalClient;
    expect((await chat(visitor, { prompt: '你好' })).refusal?.code).toBe(401);
  });

  it("answers not found for someone else's conversation, and deletes only one's own", async () => {
    const owner = await betaUser();
    const stranger = await betaUser();
    model.script = () => ({ pieces: ['回答'] });
    const { conversationId } = startOf((await chat(owner, { prompt: '我的问题' })).events);
    const notFound = { code: 404, msg: '对话不存在' };

    expect(await stranger.call('GET', `/portal/ai/conversations/${conversationId}/messages`)).toEqual(notFound);
    expect(await stranger.call('DELETE', `/portal/ai/conversations/${conversationId}`)).toEqual(notFound);
    expect((await chat(stranger, { prompt: '偷看', conversationId })).refusal).toEqual(notFound);
    expect(await stranger.call('GET', '/portal/ai/conversations/abc/messages')).toEqual(notFound);
    expect(await messagesOf(owner, conversationId)).toHaveLength(2);

    expect((await owner.call('DELETE', `/portal/ai/conversations/${conversationId}`)).code).toBe(200);
    expect((await owner.call('GET', '/portal/ai/conversations')).data).toEqual([]);
    expect(await owner.call('GET', `/portal/ai/conversations/${conversationId}/messages`)).toEqual(notFound);
  });
});

describe('AI assistant: not configured', () => {
  let bare: LiaisonServer;
  beforeAll(async () => {
    bare = await startServer({ testHooks: true, devOutboxEndpoint: false });
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('says so in the status and in answer to a question', async () => {
    const { client, userId } = await registered(bare);
    await bare.db.query('UPDATE portal_accounts SET beta_status = true WHERE user_id = $1', [userId]);
    expect((await client.call<AiStatus>('GET', '/portal/ai/status')).data).toEqual({
      configured: false,
      allowed: true,
      model: '',
    });
    expect(await client.call('POST', '/portal/ai/chat', { prompt: '你好' })).toEqual({
      code: 500,
      msg: 'AI助手尚未配置',
    });
    expect((await client.call('GET', '/portal/ai/conversations')).data).toEqual([]);
  });
});
