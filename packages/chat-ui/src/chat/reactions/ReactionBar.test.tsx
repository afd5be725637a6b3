// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import type { ChatSDK, Message } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText } from '../../../../../apps/server/src/integration/harness';
import { BASIC_EMOJI } from '../../common/emoji/basic-emoji';
import { ToastHost } from '../../core/toasts/ToastHost';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';
import { ReactionBar } from './ReactionBar';
import { ReactionPicker } from './ReactionPicker';

let server: TestServer;
let ada: ChatSDK;
let bo: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ada = await server.connect('rx-ada');
  bo = await server.connect('rx-bo');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

/** A message ada sent bo: `message` as bo's list has it, `sent` as ada has it (each reacts on their own). */
async function messageForBo(text: string): Promise<{ message: Message; sent: Message }> {
  const sent = await sendText(ada, 'rx-bo', text);
  const { data } = await bo.getMessageList({ conversationID: 'C2Crx-ada' });
  const message = data.messageList.find((m) => m.ID === sent.ID);
  if (!message) throw new Error('not in bo’s history');
  return { message, sent };
}

const chip = (name: string) => screen.getByRole('button', { name });

describe('ReactionBar', () => {
  it('shows the reactions a message already has when it comes into view, and follows new ones live', async () => {
    const { message, sent } = await messageForBo('reactions load');
    await ada.addMessageReaction(sent, '[TUIEmoji_Like]');
    renderInKit(bo, <ReactionBar message={message} />);
    await waitFor(() => expect(chip('Like: 1').getAttribute('aria-pressed')).toBe('false'));
    await act(() => ada.addMessageReaction(sent, '[TUIEmoji_Heart]'));
    await waitFor(() => expect(chip('Heart: 1')).toBeTruthy());
    const list = screen.getByRole('list', { name: 'Reactions' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['1', '1']);
  });

  it('adds my reaction on a click, highlighted, and takes it back on the next', async () => {
    const { message, sent } = await messageForBo('toggle mine');
    await ada.addMessageReaction(sent, '[TUIEmoji_Ok]');
    renderInKit(bo, <ReactionBar message={message} />);
    fireEvent.click(await screen.findByRole('button', { name: 'OK: 1' }));
    await waitFor(() => expect(chip('OK: 2, including you').getAttribute('aria-pressed')).toBe('true'));
    const { data } = await ada.getMessageReactions({ messageList: [{ ...sent }] });
    expect(data.resultList[0]?.reactionList[0]?.totalUserCount).toBe(2);
    fireEvent.click(chip('OK: 2, including you'));
    await waitFor(() => expect(chip('OK: 1').getAttribute('aria-pressed')).toBe('false'));
  });

  it('shows who reacted on hover and on focus', async () => {
    await ada.updateMyProfile({ nick: 'Ada Lovelace' });
    const { message, sent } = await messageForBo('who reacted');
    await ada.addMessageReaction(sent, '[TUIEmoji_Like]');
    await bo.addMessageReaction(message, '[TUIEmoji_Like]');
    renderInKit(bo, <ReactionBar message={message} />);
    const like = await screen.findByRole('button', { name: 'Like: 2, including you' });
    fireEvent.mouseEnter(like);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('Ada Lovelace, You'));
    fireEvent.mouseLeave(like);
    expect(screen.queryByRole('tooltip')).toBeNull();
    fireEvent.focus(like);
    await waitFor(() => expect(screen.getByRole('tooltip').textContent).toContain('Like'));
  });

  it('tells the user when the message has all the reactions it may carry', async () => {
    const { message, sent } = await messageForBo('full of reactions');
    const others = BASIC_EMOJI.filter((e) => e.key !== '[TUIEmoji_Like]').slice(0, 10);
    for (const emoji of others) await ada.addMessageReaction(sent, emoji.key);
    renderInKit(
      bo,
      <>
        <ReactionPicker message={message} onDone={() => undefined} />
        <ToastHost />
      </>,
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Like' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('You have reached the max reaction limit'),
    );
  });

  it('shows nothing while the EmojiReaction feature is off', async () => {
    const { message, sent } = await messageForBo('feature off');
    await ada.addMessageReaction(sent, '[TUIEmoji_Like]');
    const { container } = renderInKit(
      bo,
      <>
        <ReactionBar message={message} />
        <ReactionPicker message={message} onDone={() => undefined} />
      </>,
      { features: { EmojiReaction: false } },
    );
    expect(container.textContent).toBe('');
  });
});
