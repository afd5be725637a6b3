import { describe, expect, it } from 'vitest';
import { resolveFeatures } from '../../core/features';
import { imagePayload, makeMessage } from '../message/test-messages';
import { type ActionRuleContext, isSignalingMessage, messageActions } from './action-rules';

const desktop: ActionRuleContext = { features: resolveFeatures(), isDesktop: true, isMember: true, layout: 'bubble' };
const text = (patch = {}) => makeMessage('TIMTextElem', { text: 'hi' }, { status: 'success', ...patch });
const sound = { uuid: 's-uuid', url: 'u', remoteAudioUrl: 'u', size: 1, second: 3, downloadFlag: 2 };
const file = { uuid: 'f-uuid', fileName: 'a.pdf', fileSize: 10, fileUrl: 'https://f.test/a', downloadFlag: 2 };
const custom = (data: unknown) =>
  makeMessage('TIMCustomElem', { data: JSON.stringify(data), description: '', extension: '' }, { status: 'success' });

describe('the message menu’s actions (spec §5)', () => {
  it('offers copy, delete, quote, forward, multi-select and translate for a received text', () => {
    expect(messageActions(text(), desktop)).toEqual(['copy', 'delete', 'quote', 'forward', 'multiSelect', 'translate']);
  });

  it('adds revoke for my own sent messages only', () => {
    expect(messageActions(text({ flow: 'out' }), desktop)).toContain('revoke');
    expect(messageActions(text({ flow: 'in' }), desktop)).not.toContain('revoke');
  });

  it('offers only copy for a text that is still sending or failed', () => {
    expect(messageActions(text({ flow: 'out', status: 'fail' }), desktop)).toEqual(['copy']);
    expect(messageActions(text({ flow: 'out', status: 'unSend' }), desktop)).toEqual(['copy']);
  });

  it('opens pictures, videos and files on desktop only, and converts voice to text', () => {
    const image = makeMessage('TIMImageElem', imagePayload(10, 10), { status: 'success' });
    expect(messageActions(image, { ...desktop, layout: 'media' })[0]).toBe('open');
    expect(messageActions(image, { ...desktop, isDesktop: false, layout: 'media' })).not.toContain('open');
    const document = makeMessage('TIMFileElem', file, { status: 'success' });
    expect(messageActions(document, desktop)).toContain('open');
    expect(messageActions(document, { ...desktop, features: resolveFeatures({ DownloadFile: false }) })).not.toContain(
      'open',
    );
    const voice = makeMessage('TIMSoundElem', sound, { status: 'success' });
    expect(messageActions(voice, desktop)).toEqual(['delete', 'quote', 'forward', 'multiSelect', 'convert']);
  });

  it('hides each action whose feature flag is off', () => {
    const features = resolveFeatures({ CopyMessage: false, QuoteMessage: false, TranslateMessage: false });
    expect(messageActions(text(), { ...desktop, features })).toEqual(['delete', 'forward', 'multiSelect']);
  });

  it('has no menu for risk content, revoked messages, tips, or a user who left the group', () => {
    expect(messageActions(text({ hasRiskContent: true }), desktop)).toEqual([]);
    expect(messageActions(text({ isRevoked: true, flow: 'out' }), desktop)).toEqual([]);
    expect(messageActions(text(), { ...desktop, layout: 'centred' })).toEqual([]);
    expect(messageActions(text(), { ...desktop, isMember: false })).toEqual([]);
  });

  it('does not quote signaling messages (calls, typing), but does quote other custom messages', () => {
    const call = custom({ businessID: 1, data: JSON.stringify({ businessID: 'av_call', call_type: 1 }) });
    expect(isSignalingMessage(call)).toBe(true);
    expect(messageActions(call, desktop)).not.toContain('quote');
    const order = custom({ businessID: 'order', title: 'A1' });
    expect(isSignalingMessage(order)).toBe(false);
    expect(messageActions(order, desktop)).toContain('quote');
  });
});
