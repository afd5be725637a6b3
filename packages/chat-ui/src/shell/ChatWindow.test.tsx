// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextEvent, sendText } from '../../../../apps/server/src/integration/harness';
import { plainEditorOf } from '../chat/composer/editor/plain-editor';
import { insertPlainText } from '../chat/composer/editor/plain-text';
import { ToastHost } from '../core/toasts/ToastHost';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { TopicList } from '../topics/TopicList';
import { ChatWindow } from './ChatWindow';

let server: TestServer;
let ann: ChatSDK;
/** A community's owner and member, for its topic list. */
let owner: ChatSDK;
let member: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('ann');
  const ben = await server.connect('ben');
  await ben.updateMyProfile({ nick: 'Ben Li' });
  await sendText(ben, 'ann', 'hello ann');
  [owner, member] = await Promise.all([server.connect('tl-owner'), server.connect('tl-member')]);
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

/** A community that supports topics, made by `founder` with `members`, and its topics by name. */
async function communityWithTopics(founder: ChatSDK, name: string, members: string[], topicNames: string[]) {
  const { data } = await founder.createGroup({
    type: TYPES.GRP_COMMUNITY,
    name,
    isSupportTopic: true,
    memberList: members.map((userID) => ({ userID })),
  });
  const { groupID } = data.group;
  const topics: Record<string, string> = {};
  for (const topicName of topicNames) {
    topics[topicName] = (await founder.createTopicInCommunity({ groupID, topicName })).data.topicID;
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
    const founder = await server.connect('founder-1');
    const { groupID, topics } = await communityWithTopics(founder, 'Hikers', ['ann', 'cy'], ['General', 'Routes']);
    const general = topics.General ?? '';
    await cy.getTopicList({ groupID });
    const mention = founder.createTextAtMessage({
      to: general,
      conversationType: TYPES.CONV_GROUP,
      payload: { text: '@ann the plan', atUserList: ['ann'] },
    });
    await founder.sendMessage(mention);
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
    const founder = await server.connect('founder-2');
    const { groupID } = await communityWithTopics(founder, 'Runners', ['ann'], ['Lobby']);
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

/** A community of tl-owner's with tl-member in it. */
async function community(name: string): Promise<string> {
  const { data } = await owner.createGroup({
    type: TYPES.GRP_COMMUNITY,
    name,
    isSupportTopic: true,
    memberList: [{ userID: 'tl-member' }],
  });
  return data.group.groupID;
}

/** The owner's topic list and the member's, side by side, as two people see them. */
function renderBoth(groupID: string, onOwnerOpen = vi.fn()) {
  const mine = renderInKit(
    owner,
    <>
      <TopicList groupID={groupID} activeTopicID={null} onOpen={onOwnerOpen} />
      <ToastHost />
    </>,
  );
  const theirs = renderInKit(member, <TopicList groupID={groupID} activeTopicID={null} onOpen={vi.fn()} />);
  return { mine: within(mine.container), theirs: within(theirs.container) };
}

const dialog = () => within(screen.getByRole('dialog'));

describe('a community’s topic list: what its owner and admins may do, and every member sees live', () => {
  it('the owner creates a topic by name, which opens; the member sees it arrive', async () => {
    const groupID = await community('Makers');
    const onOpen = vi.fn();
    const { mine, theirs } = renderBoth(groupID, onOpen);
    expect(await theirs.findByText('No topics yet')).toBeTruthy();
    // A member has no way to create one.
    expect(theirs.queryByRole('button', { name: /New topic/ })).toBeNull();
    expect(await mine.findByText('No topics yet: create the first one')).toBeTruthy();

    fireEvent.click(mine.getByRole('button', { name: /New topic/ }));
    const name = dialog().getByRole('textbox', { name: 'Topic name' });
    expect(document.activeElement).toBe(name);
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    expect(dialog().getByRole('alert').textContent).toBe('Enter a name for the topic');
    fireEvent.change(name, { target: { value: '话'.repeat(51) } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));
    expect(dialog().getByRole('alert').textContent).toMatch(/at most 150 bytes/);
    fireEvent.change(name, { target: { value: ' Printers ' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Create' }));

    await screen.findByText('Topic created');
    const [created] = (await owner.getTopicList({ groupID })).data.successTopicList;
    expect(created?.topicName).toBe('Printers');
    expect(onOpen).toHaveBeenCalledWith(`GROUP${created?.topicID}`);
    expect(await mine.findByRole('button', { name: /Printers/ })).toBeTruthy();
    expect(await theirs.findByRole('button', { name: /Printers/ })).toBeTruthy();
  });

  it('the owner renames and deletes a topic from its menu (right-click); the member’s list follows', async () => {
    const groupID = await community('Bakers');
    const bread = (await owner.createTopicInCommunity({ groupID, topicName: 'Bread' })).data.topicID;
    await owner.createTopicInCommunity({ groupID, topicName: 'Cakes' });
    const { mine, theirs } = renderBoth(groupID);
    await theirs.findByRole('button', { name: /Cakes/ });
    // A member's right-click opens no topic menu.
    fireEvent.contextMenu(theirs.getByRole('button', { name: /Bread/ }), { clientX: 10, clientY: 10 });
    expect(screen.queryByRole('menu')).toBeNull();

    fireEvent.contextMenu(await mine.findByRole('button', { name: /Bread/ }), { clientX: 10, clientY: 10 });
    const menu = screen.getByRole('menu', { name: 'Actions for the topic Bread' });
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Rename' }));
    const name = dialog().getByRole('textbox', { name: 'Topic name' }) as HTMLInputElement;
    expect(name.value).toBe('Bread');
    fireEvent.change(name, { target: { value: 'Sourdough' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Save' }));
    await screen.findByText('Topic renamed');
    expect(await theirs.findByRole('button', { name: /Sourdough/ })).toBeTruthy();

    fireEvent.contextMenu(mine.getByRole('button', { name: /Sourdough/ }), { clientX: 10, clientY: 10 });
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Delete topic' }));
    expect(dialog().getByText('Delete the topic “Sourdough”? Its messages go for every member.')).toBeTruthy();
    fireEvent.click(dialog().getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Topic deleted');
    await waitFor(() => expect(theirs.queryByRole('button', { name: /Sourdough/ })).toBeNull());
    expect(mine.queryByRole('button', { name: /Sourdough/ })).toBeNull();
    const left = (await member.getTopicList({ groupID })).data.successTopicList.map((topic) => topic.topicID);
    expect(left).not.toContain(bread);
    expect(left).toHaveLength(1);
  });

  it('a member of the community who is made an admin may manage its topics', async () => {
    const groupID = await community('Tailors');
    const { theirs } = renderBoth(groupID);
    await theirs.findByText('No topics yet');
    await owner.setGroupMemberRole({ groupID, userID: 'tl-member', role: TYPES.GRP_MBR_ROLE_ADMIN });
    expect(await theirs.findByRole('button', { name: /New topic/ })).toBeTruthy();
  });
});
