// @vitest-environment jsdom
import type { WireMessageType } from '@liaison/protocol';
import type { MergedMessage } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { MergerMessage } from './MergerMessage';
import { messageRenderers, RenderersContext } from './renderers';
import { imagePayload, makeMessage, NO_SDK } from './test-messages';

afterEach(cleanup);

// Record messages as the SDK delivers them: bodies checked against their type on arrival.
const merged = (ID: string, type: WireMessageType, payload: unknown): MergedMessage => ({
  ID,
  from: 'zhang',
  nick: '张伟',
  avatar: '',
  time: 1_760_000_000,
  cloudCustomData: '',
  messageBody: [{ type, payload }] as MergedMessage['messageBody'],
});

const inner = {
  downloadKey: '',
  title: '内部记录',
  abstractList: ['张伟: 内层消息'],
  compatibleText: '[聊天记录]',
  messageList: [merged('in-1', 'TIMTextElem', { text: '内层消息' })],
};

const record = makeMessage('TIMRelayElem', {
  downloadKey: '',
  title: '张伟和李娜的聊天记录',
  abstractList: Array.from({ length: 9 }, (_, i) => `张伟: 第${i + 1}行`),
  compatibleText: '[聊天记录]',
  messageList: [
    merged('m-1', 'TIMTextElem', { text: '你好，报价单在这里' }),
    merged('m-2', 'TIMImageElem', imagePayload(800, 600, 'quote')),
    merged('m-3', 'TIMRelayElem', inner),
    // A body the SDK could not read arrives as no body at all.
    { ...merged('m-4', 'TIMTextElem', {}), messageBody: [] },
    // Revoked after the record was made: the server sends it emptied and marked.
    { ...merged('m-5', 'TIMTextElem', { text: '' }), isRevoked: true },
    // Flagged by moderation after the record was made: emptied and marked.
    { ...merged('m-6', 'TIMTextElem', { text: '' }), hasRiskContent: true },
  ],
});

/** The card as a list shows it: with the list's renderer map, which the viewer uses too. */
function InList() {
  return (
    <RenderersContext.Provider value={messageRenderers}>
      <MergerMessage message={record} />
    </RenderersContext.Provider>
  );
}

describe('MergerMessage', () => {
  it('shows the title and the first 7 lines of the abstract', () => {
    renderInKit(NO_SDK, <InList />);
    const card = screen.getByRole('button', { name: /^张伟和李娜的聊天记录/ });
    expect(card.textContent).toContain('第7行');
    expect(card.textContent).not.toContain('第8行');
  });

  it('opens the record in a viewer, a nested record as a level that back pops, and back closes', async () => {
    renderInKit(NO_SDK, <InList />);
    fireEvent.click(screen.getByRole('button', { name: /^张伟和李娜的聊天记录/ }));
    const viewer = await screen.findByRole('dialog', { name: '张伟和李娜的聊天记录' });
    expect(within(viewer).getByText('你好，报价单在这里')).toBeTruthy();
    expect(within(viewer).getAllByText('张伟').length).toBeGreaterThan(0);
    expect((within(viewer).getByRole('img', { name: 'Image' }) as HTMLImageElement).src).toBe(
      'https://files.test/quote-large.png',
    );
    // A record message without a readable body is shown as unsupported.
    expect(within(viewer).getByText('[Unsupported message type]')).toBeTruthy();
    expect(within(viewer).getByText('This message was revoked')).toBeTruthy();
    expect(within(viewer).getByText('Cannot view: involves sensitive content')).toBeTruthy();

    fireEvent.click(within(viewer).getByRole('button', { name: /^内部记录/ }));
    const nested = screen.getByRole('dialog', { name: '内部记录' });
    expect(within(nested).getByText('内层消息')).toBeTruthy();

    fireEvent.click(within(nested).getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('dialog', { name: '张伟和李娜的聊天记录' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('is an overlay on desktop and a full-screen drawer on phones, hiding for 150 ms when closed', async () => {
    renderInKit(NO_SDK, <InList />, { isH5: true });
    fireEvent.click(screen.getByRole('button', { name: /^张伟和李娜的聊天记录/ }));
    const drawer = (await screen.findByRole('dialog')).parentElement;
    expect(drawer?.className).toContain('lc-merger-viewer--drawer');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(drawer?.className).toContain('lc-merger-viewer--closing');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('opens the previewer on a picture inside the record', async () => {
    renderInKit(NO_SDK, <InList />);
    fireEvent.click(screen.getByRole('button', { name: /^张伟和李娜的聊天记录/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'View image' }));
    expect((await screen.findByRole('dialog', { name: 'Image preview' })).textContent).toContain('1 / 1');
  });
});
