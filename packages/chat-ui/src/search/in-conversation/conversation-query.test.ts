import { describe, expect, it } from 'vitest';
import { NO_RANGE } from '../search-query';
import { searchOptionsFor } from './conversation-query';

const NOON = new Date(2026, 10, 24, 12, 0, 0).getTime();
const query = (patch = {}) => ({ keyword: '', tab: 'text' as const, time: 'all' as const, range: NO_RANGE, ...patch });

describe('searchOptionsFor', () => {
  it('asks nothing on the Text tab until a keyword is committed', () => {
    expect(searchOptionsFor('C2Cbob', query(), NOON)).toBeNull();
    expect(searchOptionsFor('C2Cbob', query({ keyword: '  ' }), NOON)).toBeNull();
  });

  it('searches texts for every word of the keyword, all of them', () => {
    expect(searchOptionsFor('C2Cbob', query({ keyword: '报价  PO-2026' }), NOON)).toEqual({
      conversationID: 'C2Cbob',
      keywordList: ['报价', 'PO-2026'],
      keywordListMatchType: 'and',
      messageTypeList: ['TIMTextElem'],
      timePosition: 0,
      timePeriod: 0,
    });
  });

  it('lists every file, or every other kind, before a keyword is given', () => {
    expect(searchOptionsFor('GROUPg1', query({ tab: 'file' }), NOON)).toEqual({
      conversationID: 'GROUPg1',
      messageTypeList: ['TIMFileElem'],
      timePosition: 0,
      timePeriod: 0,
    });
    expect(searchOptionsFor('GROUPg1', query({ tab: 'other' }), NOON)?.messageTypeList).toEqual([
      'TIMLocationElem',
      'TIMCustomElem',
      'TIMRelayElem',
      'TIMSoundElem',
    ]);
  });

  it('finds pictures and videos by type only: they carry no words', () => {
    expect(searchOptionsFor('C2Cbob', query({ tab: 'media', keyword: 'invoice' }), NOON)).toEqual({
      conversationID: 'C2Cbob',
      messageTypeList: ['TIMImageElem', 'TIMVideoFileElem'],
      timePosition: 0,
      timePeriod: 0,
    });
  });
});
