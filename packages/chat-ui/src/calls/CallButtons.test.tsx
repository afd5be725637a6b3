// @vitest-environment node
import '../../../../tests/support/dom-for-server-tests';
import type { ChatSDK } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText } from '../../../../apps/server/src/integration/harness';
import { ChatKit } from '../shell/ChatKit';
import { ChatWindow } from '../shell/ChatWindow';
import { renderInKit } from '../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../test-support/test-server';
import { CallLayer } from './CallLayer';

// jsdom has no media queries; ChatKit asks one for its layout.
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList;

let server: TestServer;
let ann: ChatSDK;
const MEMBERS = Array.from({ length: 10 }, (_, i) => `cb-member${i + 1}`);

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('cb-ann');
  const ben = await server.connect('cb-ben');
  const desk = await server.connect('cb-desk');
  await sendText(ben, 'cb-ann', 'hello ann');
  await sendText(desk, 'cb-ann', 'how can we help?');
  await server.createUsers(MEMBERS);
  await ann.createGroup({
    type: 'Public',
    name: 'Calls',
    groupID: 'cb-group',
    memberList: MEMBERS.map((userID) => ({ userID })),
  });
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

/** The chat header (the composer's toolbar has call buttons of its own). */
function header(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.lc-chat__header');
  if (!element) throw new Error('no chat header');
  return element;
}

describe('call buttons', () => {
  it('offer a voice and a video call in a one-to-one chat, in the header and the toolbar', async () => {
    renderInKit(ann, <ChatWindow conversationID="C2Ccb-ben" onBack={() => undefined} />);
    await screen.findByText('hello ann');
    expect(within(header()).getByRole('button', { name: 'Voice call' })).toBeTruthy();
    expect(within(header()).getByRole('button', { name: 'Video call' })).toBeTruthy();
    const toolbar = screen.getByRole('toolbar', { name: 'Composer tools' });
    expect(within(toolbar).getByRole('button', { name: 'Voice call' })).toBeTruthy();
  });

  it('are absent in a customer-service conversation', async () => {
    renderInKit(
      ann,
      <ChatKit chat={ann} language="en" initialConversationID="C2Ccb-desk" customerServiceUserIDs={['cb-desk']} />,
    );
    await waitFor(() => expect(document.querySelector('.lc-message-list')?.textContent).toContain('how can we help?'));
    expect(within(header()).queryByRole('button', { name: 'Voice call' })).toBeNull();
    expect(within(header()).queryByRole('button', { name: 'Video call' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Voice call' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull();
  });

  it('follow the feature flags', async () => {
    renderInKit(ann, <ChatWindow conversationID="C2Ccb-ben" onBack={() => undefined} />, {
      features: { VideoCall: false },
    });
    await screen.findByText('hello ann');
    expect(within(header()).getByRole('button', { name: 'Voice call' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Video call' })).toBeNull();
  });
});

describe('group call member selector', () => {
  it('lists the members except me, searches them and stops at 8 chosen', async () => {
    renderInKit(ann, <ChatWindow conversationID="GROUPcb-group" onBack={() => undefined} />);
    fireEvent.click(await within(header()).findByRole('button', { name: 'Video call' }));

    const dialog = await screen.findByRole('dialog', { name: 'Choose members for a video call' });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10));
    expect(within(dialog).queryByText('cb-ann')).toBeNull();

    // The kit's member select dialog matches names and IDs by prefix: member1 and member10.
    const search = within(dialog).getByRole('searchbox', { name: 'Search members by nickname or ID' });
    fireEvent.change(search, { target: { value: 'cb-member1' } });
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    fireEvent.change(search, { target: { value: '' } });

    const boxes = within(dialog).getAllByRole('checkbox') as HTMLInputElement[];
    for (const box of boxes.slice(0, 9)) fireEvent.click(box);
    expect(boxes.filter((box) => box.checked)).toHaveLength(8);
    expect(within(dialog).getByText('Selected 8 of 8')).toBeTruthy();
    expect(within(dialog).getByText('A call holds at most 8 people besides you')).toBeTruthy();
    expect(boxes.filter((box) => box.disabled)).toHaveLength(2);
    expect(within(dialog).getByRole('button', { name: 'Call' })).toHaveProperty('disabled', false);
  });

  it('starts the group call with the chosen members, and the caller waits for them', async () => {
    renderInKit(
      ann,
      <>
        <ChatWindow conversationID="GROUPcb-group" onBack={() => undefined} />
        <CallLayer />
      </>,
    );
    fireEvent.click(await within(header()).findByRole('button', { name: 'Voice call' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose members for a voice call' });
    await waitFor(() => expect(within(dialog).getAllByRole('checkbox')).toHaveLength(10));
    const boxes = within(dialog).getAllByRole('checkbox');
    for (const box of boxes.slice(0, 2)) fireEvent.click(box);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Call' }));

    const window = await screen.findByRole('dialog', { name: 'Calls' }, { timeout: 10_000 });
    expect(within(window).getByText('Waiting for the others to answer')).toBeTruthy();
    // Me and the two invited, as tiles.
    expect(within(within(window).getByRole('list', { name: 'Participants' })).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(window).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calls' })).toBeNull());
    expect(ann.getCallEngine().getActiveCall()).toBeNull();
  });
});
