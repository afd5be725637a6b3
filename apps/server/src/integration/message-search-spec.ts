import { ErrorCode, SearchLimits } from '@liaison/protocol';
import LiaisonChat, { type Message, type SearchCloudMessagesOptions } from '@liaison/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiaisonServer } from '../app';
import { type Chat, errorCode, sendText } from './harness';
import { png } from './media-samples';
import { Tabs } from './tabs';

/**
 * searchCloudMessages through the SDK against a real server: a supply-chain corpus in Chinese,
 * English and both, with the hits each query must find (and nothing else), the filters, paging,
 * and what each user may see. Run on the embedded database (message-search.test.ts) and on
 * PostgreSQL (tests/scale/search.test.ts).
 */
const { TYPES } = LiaisonChat;

export function describeMessageSearch(startServer: () => Promise<LiaisonServer>): void {
  let server: LiaisonServer;
  const tabs = new Tabs();
  let buyer: Chat;
  let supplier: Chat;
  let stranger: Chat;

  /** The buyer and the supplier's one-to-one chat, oldest first; hits are named by these texts. */
  const CHAT = [
    '请发一下报价单',
    '报价单已发，请查收',
    '报告价格下周再议',
    '报价，价单两个词分开写',
    '采购订单 PO-2026-118 已确认',
    'Invoice for PO-2026-007 attached',
    'the INVOICE total is wrong',
    'SKU12345 交期延后三天',
    'v2报价 比 v1 低 5%',
    '交期能否提前？',
    'Inventory check on Friday',
    '100% 确认',
  ];

  async function search(chat: Chat, options: SearchCloudMessagesOptions) {
    return (await chat.searchCloudMessages(options)).data;
  }

  const textOf = (m: Message) =>
    m.type === TYPES.MSG_TEXT ? m.payload.text : m.type === TYPES.MSG_FILE ? m.payload.fileName : m.type;

  /** The texts a search in the buyer's chat with the supplier finds, oldest first. */
  async function hitsInChat(options: Omit<SearchCloudMessagesOptions, 'conversationID'>): Promise<string[]> {
    const { searchResultList } = await search(buyer, { ...options, conversationID: 'C2Cms-supplier', count: 100 });
    return (searchResultList[0]?.messageList ?? []).map(textOf).reverse();
  }

  beforeAll(async () => {
    server = await startServer();
    buyer = await tabs.directOn(server, 'ms-buyer');
    supplier = await tabs.directOn(server, 'ms-supplier');
    stranger = await tabs.directOn(server, 'ms-stranger');
    for (const [i, text] of CHAT.entries())
      await sendText(i % 2 === 0 ? buyer : supplier, i % 2 === 0 ? 'ms-supplier' : 'ms-buyer', text);
    // Someone else's chat says the same words: the buyer must never see it.
    await sendText(stranger, 'ms-supplier', '报价单 Invoice PO-2026-118');
  });

  afterAll(async () => {
    await tabs.closeAll();
    await server?.close();
  });

  describe('searching Chinese', () => {
    it('finds every message holding a two-character word, and nothing that only holds both characters apart', async () => {
      expect(await hitsInChat({ keywordList: ['报价'] })).toEqual([
        '请发一下报价单',
        '报价单已发，请查收',
        '报价，价单两个词分开写',
        'v2报价 比 v1 低 5%',
      ]);
    });

    it('finds a single character anywhere, and a longer substring only where it is whole', async () => {
      expect(await hitsInChat({ keywordList: ['单'] })).toEqual([
        '请发一下报价单',
        '报价单已发，请查收',
        '报价，价单两个词分开写',
        '采购订单 PO-2026-118 已确认',
      ]);
      expect(await hitsInChat({ keywordList: ['报价单'] })).toEqual(['请发一下报价单', '报价单已发，请查收']);
      expect(await hitsInChat({ keywordList: ['期延后三'] })).toEqual(['SKU12345 交期延后三天']);
    });
  });

  describe('searching Latin words, numbers and mixed text', () => {
    it('matches words case-insensitively and by prefix', async () => {
      expect(await hitsInChat({ keywordList: ['invoice'] })).toEqual([
        'Invoice for PO-2026-007 attached',
        'the INVOICE total is wrong',
      ]);
      expect(await hitsInChat({ keywordList: ['Inv'] })).toEqual([
        'Invoice for PO-2026-007 attached',
        'the INVOICE total is wrong',
        'Inventory check on Friday',
      ]);
    });

    it('finds order numbers, SKUs and mixed words as written', async () => {
      expect(await hitsInChat({ keywordList: ['PO-2026-118'] })).toEqual(['采购订单 PO-2026-118 已确认']);
      expect(await hitsInChat({ keywordList: ['po-2026'] })).toEqual([
        '采购订单 PO-2026-118 已确认',
        'Invoice for PO-2026-007 attached',
      ]);
      expect(await hitsInChat({ keywordList: ['sku123'] })).toEqual(['SKU12345 交期延后三天']);
      expect(await hitsInChat({ keywordList: ['12345'] })).toEqual(['SKU12345 交期延后三天']);
      expect(await hitsInChat({ keywordList: ['v2报价'] })).toEqual(['v2报价 比 v1 低 5%']);
      expect(await hitsInChat({ keywordList: ['100%'] })).toEqual(['100% 确认']);
    });

    it('joins keywords with OR by default and with AND when asked', async () => {
      expect(await hitsInChat({ keywordList: ['交期', 'Friday'] })).toEqual([
        'SKU12345 交期延后三天',
        '交期能否提前？',
        'Inventory check on Friday',
      ]);
      expect(await hitsInChat({ keywordList: ['交期', 'SKU'], keywordListMatchType: 'and' })).toEqual([
        'SKU12345 交期延后三天',
      ]);
    });
  });

  describe('files, images and filters', () => {
    it('finds a file by its name, an image by its type, and narrows by sender and time', async () => {
      const file = buyer.createFileMessage({
        to: 'ms-supplier',
        conversationType: TYPES.CONV_C2C,
        payload: { file: new File(['a,b'], '采购订单_0312.xlsx', { type: 'text/csv' }) },
      });
      await buyer.sendMessage(file);
      await buyer.sendMessage(
        buyer.createImageMessage({
          to: 'ms-supplier',
          conversationType: TYPES.CONV_C2C,
          payload: { file: await png(40, 30) },
        }),
      );
      expect(await hitsInChat({ keywordList: ['采购'], messageTypeList: [TYPES.MSG_FILE] })).toEqual([
        '采购订单_0312.xlsx',
      ]);
      expect(await hitsInChat({ messageTypeList: [TYPES.MSG_IMAGE] })).toEqual([TYPES.MSG_IMAGE]);
      expect(await hitsInChat({ keywordList: ['inv'], senderUserIDList: ['ms-buyer'] })).toEqual([
        'the INVOICE total is wrong',
        'Inventory check on Friday',
      ]);
      const now = Math.floor(Date.now() / 1000);
      expect(await hitsInChat({ keywordList: ['交期'], timePeriod: 3600 })).toHaveLength(2);
      expect(await hitsInChat({ keywordList: ['交期'], timePosition: now - 3600, timePeriod: 3600 })).toEqual([]);
    });
  });

  describe('paging and grouping', () => {
    it('pages one conversation newest first by cursor: no duplicates, no gaps, the same total on every page', async () => {
      const a = await tabs.directOn(server, 'mp-a');
      await tabs.directOn(server, 'mp-b');
      const sent: string[] = [];
      for (let i = 0; i < 45; i++) sent.push((await sendText(a, 'mp-b', `询价 第${i}条`)).ID);
      const seen: string[] = [];
      const totals: number[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const page = await search(a, { keywordList: ['询价'], conversationID: 'C2Cmp-b', count: 20, cursor });
        seen.push(...(page.searchResultList[0]?.messageList ?? []).map((m) => m.ID));
        totals.push(page.totalCount);
        cursor = page.cursor || undefined;
        pages++;
      } while (cursor);
      expect(pages).toBe(3);
      expect(seen).toEqual([...sent].reverse());
      expect(totals).toEqual([45, 45, 45]);
    });

    it('groups hits per conversation across all of mine, the latest first, the message itself only for a single hit', async () => {
      const me = await tabs.directOn(server, 'mg-me');
      const one = await tabs.directOn(server, 'mg-one');
      await tabs.directOn(server, 'mg-three');
      await sendText(me, 'mg-three', '样品 第一批');
      await sendText(me, 'mg-three', '样品 第二批');
      await me.createGroup({
        type: TYPES.GRP_WORK,
        name: '质检',
        groupID: 'mg-group',
        memberList: [{ userID: 'mg-one' }],
      });
      await sendText(one, 'mg-group', '样品 群里说一次', 'GROUP');
      await sendText(me, 'mg-three', '样品 第三批');
      const single = await sendText(one, 'mg-me', '样品 私聊一次');

      const everywhere = await search(me, { keywordList: ['样品'] });
      expect(everywhere.totalCount).toBe(3);
      expect(
        everywhere.searchResultList.map((item) => [
          item.conversationID,
          item.messageCount,
          item.messageList.map(textOf),
        ]),
      ).toEqual([
        ['C2Cmg-one', 1, ['样品 私聊一次']],
        ['C2Cmg-three', 3, []],
        ['GROUPmg-group', 1, ['样品 群里说一次']],
      ]);
      expect(everywhere.searchResultList[0]?.messageList[0]?.ID).toBe(single.ID);

      const pages: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await search(me, { keywordList: ['样品'], count: 1, cursor });
        expect(page.totalCount).toBe(3);
        pages.push(...page.searchResultList.map((item) => item.conversationID));
        cursor = page.cursor || undefined;
      } while (cursor);
      expect(pages).toEqual(['C2Cmg-one', 'C2Cmg-three', 'GROUPmg-group']);
    });

    it('counts a conversation’s hits up to the cap across conversations, and all of them inside it', async () => {
      const me = await tabs.directOn(server, 'mc-me');
      await tabs.directOn(server, 'mc-peer');
      const over = SearchLimits.CONVERSATION_HITS_MAX + 3;
      for (let i = 0; i < over; i += 20) {
        const part = Array.from({ length: Math.min(20, over - i) }, (_, j) => `批次 ${i + j} 已入库`);
        await Promise.all(part.map((text) => sendText(me, 'mc-peer', text)));
      }
      const everywhere = await search(me, { keywordList: ['批次'] });
      expect(everywhere.searchResultList.map((item) => [item.conversationID, item.messageCount])).toEqual([
        ['C2Cmc-peer', SearchLimits.CONVERSATION_HITS_MAX],
      ]);
      const inside = await search(me, { keywordList: ['批次'], conversationID: 'C2Cmc-peer' });
      expect(inside.totalCount).toBe(over);
    });
  });

  describe('what a user may find', () => {
    it('never finds other people’s conversations', async () => {
      const everywhere = await search(buyer, { keywordList: ['报价单'] });
      expect(everywhere.searchResultList.map((item) => item.conversationID)).toEqual(['C2Cms-supplier']);
      expect(await search(buyer, { keywordList: ['报价单'], conversationID: 'C2Cms-stranger' })).toEqual({
        searchResultList: [],
        totalCount: 0,
        cursor: '',
      });
    });

    it('never finds a revoked message, nor one I deleted (my peer still does)', async () => {
      const a = await tabs.directOn(server, 'mv-a');
      const b = await tabs.directOn(server, 'mv-b');
      const revoked = await sendText(a, 'mv-b', '作废的 合同 草稿');
      const deleted = await sendText(a, 'mv-b', '删除的 合同 附件');
      await sendText(a, 'mv-b', '最终 合同');
      await a.revokeMessage(revoked);
      await a.deleteMessage([deleted]);
      const texts = async (chat: Chat, peer: string) =>
        (
          await search(chat, { keywordList: ['合同'], conversationID: `C2C${peer}` })
        ).searchResultList[0]?.messageList.map(textOf);
      expect(await texts(a, 'mv-b')).toEqual(['最终 合同']);
      expect(await texts(b, 'mv-a')).toEqual(['最终 合同', '删除的 合同 附件']);
    });

    it('finds a group’s history from when I joined (all of it in a Meeting group) and nothing after I left', async () => {
      const owner = await tabs.directOn(server, 'mh-owner');
      const late = await tabs.directOn(server, 'mh-late');
      for (const [groupID, type] of [
        ['mh-work', TYPES.GRP_WORK],
        ['mh-meeting', TYPES.GRP_MEETING],
      ] as const) {
        await owner.createGroup({ type, name: groupID, groupID });
        await sendText(owner, groupID, '开会 之前', 'GROUP');
        if (type === TYPES.GRP_WORK) await owner.addGroupMember({ groupID, userIDList: ['mh-late'] });
        else await late.joinGroup({ groupID });
        await sendText(owner, groupID, '开会 之后', 'GROUP');
      }
      const found = async (groupID: string) =>
        (
          await search(late, { keywordList: ['开会'], conversationID: `GROUP${groupID}` })
        ).searchResultList[0]?.messageList.map(textOf);
      expect(await found('mh-work')).toEqual(['开会 之后']);
      expect(await found('mh-meeting')).toEqual(['开会 之后', '开会 之前']);

      await late.quitGroup('mh-meeting');
      await sendText(owner, 'mh-meeting', '开会 走了以后', 'GROUP');
      expect(await found('mh-meeting')).toEqual(['开会 之后', '开会 之前']);
      const everywhere = await search(late, { keywordList: ['走了以后'] });
      expect(everywhere.totalCount).toBe(0);
    });

    it('a modified message is found by its new words only', async () => {
      const a = await tabs.directOn(server, 'mm-a');
      await tabs.directOn(server, 'mm-b');
      const message = await sendText(a, 'mm-b', '旧的 交货地址');
      await a.modifyMessage({ ...message, payload: { text: '新的 交货地址' } } as Message);
      const texts = async (keyword: string) =>
        (await search(a, { keywordList: [keyword], conversationID: 'C2Cmm-b' })).searchResultList[0]?.messageList.map(
          textOf,
        ) ?? [];
      expect(await texts('旧的')).toEqual([]);
      expect(await texts('新的')).toEqual(['新的 交货地址']);
    });
  });

  describe('bad input', () => {
    it('is refused with 60003 before anything is searched, and a group I am not in with 10011', async () => {
      const bad: SearchCloudMessagesOptions[] = [
        { keywordList: [] },
        { keywordList: ['a', 'b', 'c', 'd', 'e', 'f'] },
        { keywordList: ['长'.repeat(SearchLimits.KEYWORD_MAX_LENGTH + 1)] },
        { keywordList: ['   '] },
        { keywordList: ['?!'] },
        { keywordList: ['报价'], cursor: 'not-a-cursor' },
        { keywordList: ['报价'], conversationID: 'C2Cms-supplier', cursor: 'eyJ4IjoxfQ' },
        { keywordList: ['报价'], count: 101 },
        // Tencent types messageTypeList as any string; the SDK refuses what cannot be searched.
        { keywordList: ['报价'], messageTypeList: [TYPES.MSG_FACE] },
      ];
      for (const options of bad) {
        expect(await errorCode(buyer.searchCloudMessages(options)), JSON.stringify(options)).toBe(
          ErrorCode.INVALID_PARAMS,
        );
      }
      const owner = await tabs.directOn(server, 'mb-owner');
      await owner.createGroup({ type: TYPES.GRP_WORK, name: 'closed', groupID: 'mb-closed' });
      expect(await errorCode(buyer.searchCloudMessages({ keywordList: ['x'], conversationID: 'GROUPmb-closed' }))).toBe(
        ErrorCode.GROUP_NOT_MEMBER,
      );
    });
  });
}
