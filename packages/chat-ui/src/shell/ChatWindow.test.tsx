// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextEvent, sendText } from '../../../../apps/server/src/integration/harness';
import { plainEditorOf } from '../chat/composer/editor/plain-editor';
import { insertPlainText } from '../chat/composer/editor/plain-text';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { ChatWindow } from './ChatWindow';

let server: TestServer;
let ann: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  const ben = await server.connect('ben');
  await ben.updateMyProfile({ nick: 'Ben Li' });
  await sendText(ben, 'ann', 'hello ann');
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

describe('ChatWindow', () => {
  it('shows a placeholder when no conversation is open', () => {
    renderInKit(ann, <ChatWindow conversationID={null} onBack={() => undefined} />);
    expect(screen.getByText('Select a conversation to start chatting')).toBeTruthy();
  });

  it('shows the conversation name, its messages and the composer; on h5 a back button closes it', async () => {
    const onBack = vi.fn();
    renderInKit(ann, <ChatWindow conversationID="C2Cben" onBack={onBack} />, { isH5: true });
    const heading = await screen.findByRole('heading', { name: 'Ben Li' });
    // The name is isolated, so a right-to-left override in it cannot reorder the header.
    expect(heading.querySelector('bdi')?.textContent).toBe('Ben Li');
    expect(await screen.findByText('hello ann')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});

/** A community that supports topics, made by `owner` with `members`, and its topics by name. */
async function communityWithTopics(owner: ChatSDK, name: string, members: string[], topicNames: string[]) {
  const { data } = await owner.createGroup({
    type: TYPES.GRP_COMMUNITY,
    name,
    isSupportTopic: true,
    memberList: members.map((userID) => ({ userID })),
  });
  const { groupID } = data.group;
  const topics: Record<string, string> = {};
  for (const topicName of topicNames) {
    topics[topicName] = (await owner.createTopicInCommunity({ groupID, topicName })).data.topicID;
  }
  return { groupID, topics };
}

/** The chat window as the kit's shell drives it: what it opens is what shows. */
function Shell({ first, onBack }: { first: string; onBack?(): void }) {
  const [open, setOpen] = useState<string | null>(first);
  return <ChatWindow conversationID={open} onBack={onBack ?? (() => setOpen(null))} onOpen={setOpen} />;
}

describe('a community that supports topics', () => {
  it('opens as its topics with no composer; a topic opens its chat, where ann reads it and sends, and cy receives', async () => {
    const cy = await server.connect('cy');
    const owner = await server.connect('owner-1');
    const { groupID, topics } = await communityWithTopics(owner, 'Hikers', ['ann', 'cy'], ['General', 'Routes']);
    const general = topics.General ?? '';
    await cy.getTopicList({ groupID });
    const mention = owner.createTextAtMessage({
      to: general,
      conversationType: TYPES.CONV_GROUP,
      payload: { text: '@ann the plan', atUserList: ['ann'] },
    });
    await owner.sendMessage(mention);
    await waitFor(() => expect(ann.conversationStore.get(`GROUP${groupID}`)).toBeTruthy());

    renderInKit(ann, <Shell first={`GROUP${groupID}`} />);
    const list = await screen.findByRole('list', { name: 'Topics' });
    const row = await within(list).findByRole('button', { name: /General/ });
    expect(row.textContent).toContain('[@me]');
    expect(row.textContent).toContain('@ann the plan');
    expect(within(row).getByText('1 unread message')).toBeTruthy();
    // The community itself takes no messages (2115): no composer until a topic is chosen.
    expect(screen.queryByRole('textbox', { name: 'Message input' })).toBeNull();
    expect(screen.getByText('Choose a topic to start chatting')).toBeTruthy();
    // Arrow keys walk the topics; a row is a button.
    row.focus();
    fireEvent.keyDown(row, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(within(list).getByRole('button', { name: /Routes/ }));

    fireEvent.click(row);
    expect(await screen.findByRole('heading', { name: '# General' })).toBeTruthy();
    expect(await screen.findByText('@ann the plan')).toBeTruthy();
    expect(row.getAttribute('aria-current')).toBe('true');
    // Reading clears the topic's unread count and mention, on the server too.
    await waitFor(async () => {
      const [read] = (await ann.getTopicList({ groupID, topicIDList: [general] })).data.successTopicList;
      expect(read).toMatchObject({ unreadCount: 0, groupAtInfoList: [] });
    });
    expect(row.textContent).not.toContain('[@me]');

    const arrived = nextEvent<{ payload: { text?: string } }[]>(cy, cy.EVENT.MESSAGE_RECEIVED);
    const field = await screen.findByRole('textbox', { name: 'Message input' });
    act(() => {
      const editor = plainEditorOf(field);
      if (!editor) throw new Error('no editor');
      editor.view.focus();
      insertPlainText(editor.view, 'see you at 8');
    });
    fireEvent.keyDown(field, { key: 'Enter' });
    const [message] = await arrived;
    expect(message?.payload.text).toBe('see you at 8');
    // Unread for cy: the mention and this.
    expect((await cy.getTopicList({ groupID, topicIDList: [general] })).data.successTopicList[0]?.unreadCount).toBe(2);
  });

  it('on a phone: the topics fill the screen with a way back; a topic’s chat goes back to them', async () => {
    const owner = await server.connect('owner-2');
    const { groupID } = await communityWithTopics(owner, 'Runners', ['ann'], ['Lobby']);
    await waitFor(() => expect(ann.conversationStore.get(`GROUP${groupID}`)).toBeTruthy());
    const onBack = vi.fn();
    renderInKit(ann, <Shell first={`GROUP${groupID}`} onBack={onBack} />, { isH5: true });
    const list = await screen.findByRole('list', { name: 'Topics' });
    // No empty chat beside the topics on a phone.
    expect(screen.queryByText('Choose a topic to start chatting')).toBeNull();
    fireEvent.click(await within(list).findByRole('button', { name: /Lobby/ }));
    await screen.findByRole('heading', { name: '# Lobby' });
    expect(screen.queryByRole('list', { name: 'Topics' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('list', { name: 'Topics' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onBack).toHaveBeenCalledOnce();
  });
});
