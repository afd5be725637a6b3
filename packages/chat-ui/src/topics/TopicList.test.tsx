// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, TYPES } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../core/toasts/ToastHost';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { TopicList } from './TopicList';

/**
 * A community's topics as channels, against a real server and the real SDK: what the owner and
 * admins may do to topics (create, rename, delete) and what every member sees of it, live.
 */
let server: TestServer;
let owner: ChatSDK;
let member: ChatSDK;

beforeAll(async () => {
  server = await startTestServer();
  [owner, member] = await Promise.all([server.connect('tl-owner'), server.connect('tl-member')]);
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

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

describe('topics of a community', () => {
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
