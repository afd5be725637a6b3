import { describe, expect, it } from 'vitest';
import { type GlobalQuery, messageSearchFor } from './global-query';

const query = (more: Partial<GlobalQuery>): GlobalQuery => ({
  keyword: '报价',
  tab: 'all',
  time: 'all',
  range: { from: '', to: '' },
  ...more,
});
const NOW = Date.UTC(2026, 10, 24, 12);

describe('messageSearchFor', () => {
  it('asks for every searchable type on All, text or file alone, and the rest on Other', () => {
    expect(messageSearchFor(query({}), NOW)?.messageTypeList).toEqual([
      'TIMTextElem',
      'TIMFileElem',
      'TIMImageElem',
      'TIMVideoFileElem',
      'TIMSoundElem',
      'TIMLocationElem',
      'TIMCustomElem',
      'TIMRelayElem',
    ]);
    expect(messageSearchFor(query({ tab: 'text' }), NOW)?.messageTypeList).toEqual(['TIMTextElem']);
    expect(messageSearchFor(query({ tab: 'file' }), NOW)?.messageTypeList).toEqual(['TIMFileElem']);
    expect(messageSearchFor(query({ tab: 'other' }), NOW)?.messageTypeList).toEqual([
      'TIMImageElem',
      'TIMVideoFileElem',
      'TIMSoundElem',
      'TIMLocationElem',
      'TIMCustomElem',
      'TIMRelayElem',
    ]);
  });

  it('takes the words apart at spaces and matches them all, with no time limit on All', () => {
    expect(messageSearchFor(query({ keyword: '报价  PO-2026 报价' }), NOW)).toMatchObject({
      keywordList: ['报价', 'PO-2026'],
      keywordListMatchType: 'and',
      timePosition: 0,
      timePeriod: 0,
    });
  });

  it('asks nothing without words, or on the contacts and groups tabs', () => {
    expect(messageSearchFor(query({ keyword: '  ' }), NOW)).toBeNull();
    expect(messageSearchFor(query({ tab: 'contacts' }), NOW)).toBeNull();
    expect(messageSearchFor(query({ tab: 'groups' }), NOW)).toBeNull();
  });

  it('sets a custom range as its end and its length in seconds', () => {
    const options = messageSearchFor(query({ time: 'custom', range: { from: '2026-11-01', to: '2026-11-02' } }), NOW);
    expect(options?.timePeriod).toBe(2 * 86_400);
    expect(options?.timePosition).toBe(new Date(2026, 10, 3).getTime() / 1000);
  });

  it("searches one conversation's hits with the same filters", () => {
    expect(messageSearchFor(query({ tab: 'file' }), NOW, 'C2Cann')).toMatchObject({
      conversationID: 'C2Cann',
      messageTypeList: ['TIMFileElem'],
    });
  });
});
