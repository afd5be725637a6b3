// @vitest-environment node
import '../../../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, type Message, TYPES } from '@liaison/sdk';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConversationList } from '../../../conversations/ConversationList';
import { renderInKit } from '../../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../../test-support/test-server';
import { Composer } from '../Composer';
import { type PlainEditor, plainEditorOf } from '../editor/plain-editor';

/**
 * @-mentions in the composer against a real server (spec chat.md §4 "At-mention list", §5): '@'
 * opens the member list in group chats only, it filters by nick or ID prefix ignoring case (all
 * when nothing matches), arrows, Enter and Escape work, 'everyone' is for the owner and admins;
 * the message carries atUserList, and the mentioned member's list shows [@me] until read.
 */
let server: TestServer;
let ann: ChatSDK;
let ben: ChatSDK;
let cat: ChatSDK;
const GROUP = 'mention-1';
const arrived: Message[] = [];

beforeAll(async () => {
  server = await startTestServer();
  ann = await server.connect('mn-ann');
  ben = await server.connect('mn-ben');
  cat = await server.connect('mn-cat');
  await ann.updateMyProfile({ nick: 'Ann' });
  await ben.updateMyProfile({ nick: 'Benedict' });
  await cat.updateMyProfile({ nick: 'Catherine' });
  await ann.createGroup({
    type: 'Public',
    name: 'Mentions',
    groupID: GROUP,
    memberList: [{ userID: 'mn-ben' }, { userID: 'mn-cat' }],
  });
  ben.on(ben.EVENT.MESSAGE_RECEIVED, (event) => arrived.push(...event.data));
});
afterEach(async () => {
  cleanup();
  // What a test leaves in the composer is saved as the draft; the next one starts empty.
  await Promise.all(
    [ann, cat].map((chat) => chat.setConversationDraft({ conversationID: `GROUP${GROUP}`, draftText: '' })),
  );
});
afterAll(async () => {
  await server.close();
});

function editor(root: HTMLElement = document.body): PlainEditor {
  const found = plainEditorOf(within(root).getByRole('textbox', { name: 'Message input' }));
  if (!found) throw new Error('no editor');
  return found;
}

/** Types as the keyboard does: through the editor's text input handling (so '@' is seen). */
function typeKeys(text: string, root?: HTMLElement) {
  act(() => {
    const { view } = editor(root);
    view.focus();
    for (const char of text) {
      const { from, to } = view.state.selection;
      const handled = view.someProp('handleTextInput', (f) => f(view, from, to, char, () => view.state.tr));
      if (!handled) view.dispatch(view.state.tr.insertText(char, from, to));
    }
  });
}

function key(name: string, root?: HTMLElement) {
  fireEvent.keyDown(within(root ?? document.body).getByRole('textbox', { name: 'Message input' }), { key: name });
}

const options = () => within(screen.getByRole('listbox', { name: 'Mention a member' })).getAllByRole('option');
const optionNames = () => options().map((o) => o.querySelector('.lc-mention__name')?.textContent);

describe('the mention list', () => {
  it('opens on @ for the owner with everyone first, filters by nick or ID prefix ignoring case, and shows all on no match', async () => {
    renderInKit(ann, <Composer conversationID={`GROUP${GROUP}`} />);
    typeKeys('hi @');
    await waitFor(() => expect(optionNames()).toEqual(['everyone', 'Benedict', 'Catherine']));
    typeKeys('BE');
    expect(optionNames()).toEqual(['Benedict']);
    typeKeys('x');
    // No match: everyone is shown again.
    expect(optionNames()).toEqual(['everyone', 'Benedict', 'Catherine']);
    key('Escape');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(editor().getText()).toBe('hi @BEx');
  });

  it('filters by the start of a user ID too, and a space ends the mention', async () => {
    renderInKit(ann, <Composer conversationID={`GROUP${GROUP}`} />);
    typeKeys('@mn-c');
    await waitFor(() => expect(optionNames()).toEqual(['Catherine']));
    typeKeys(' ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrows, chooses with Enter (not sending), and sends the mention as atUserList', async () => {
    renderInKit(ann, <Composer conversationID={`GROUP${GROUP}`} />);
    typeKeys('@');
    await waitFor(() => expect(options()).toHaveLength(3));
    expect(options()[0]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(options()[1]?.getAttribute('aria-selected')).toBe('true');
    const textbox = screen.getByRole('textbox', { name: 'Message input' });
    expect(textbox.getAttribute('aria-activedescendant')).toBe(options()[1]?.id);
    key('ArrowUp');
    key('ArrowUp');
    expect(options()[2]?.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    key('ArrowDown');
    key('Enter');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(editor().getText()).toBe('@Benedict ');
    typeKeys('please check');
    key('Enter');
    await waitFor(() =>
      expect(arrived.some((m) => m.type === TYPES.MSG_TEXT && m.payload.text === '@Benedict please check')).toBe(true),
    );
    const sent = arrived.find((m) => m.type === TYPES.MSG_TEXT && m.payload.text === '@Benedict please check');
    expect(sent?.atUserList).toEqual(['mn-ben']);
  });

  it('sends @everyone as the reference SDK’s @all ID', async () => {
    renderInKit(ann, <Composer conversationID={`GROUP${GROUP}`} />);
    typeKeys('@');
    await waitFor(() => expect(options()).toHaveLength(3));
    fireEvent.click(options()[0] as HTMLElement);
    typeKeys('meeting at 3');
    key('Enter');
    await waitFor(() =>
      expect(arrived.some((m) => m.type === TYPES.MSG_TEXT && m.payload.text === '@everyone meeting at 3')).toBe(true),
    );
    expect(
      arrived.find((m) => m.type === TYPES.MSG_TEXT && m.payload.text === '@everyone meeting at 3')?.atUserList,
    ).toEqual([TYPES.MSG_AT_ALL]);
  });

  it('drops a mention whose text was deleted', async () => {
    renderInKit(ann, <Composer conversationID={`GROUP${GROUP}`} />);
    typeKeys('@cath');
    await waitFor(() => expect(optionNames()).toEqual(['Catherine']));
    key('Enter');
    expect(editor().getMentions()).toEqual(['mn-cat']);
    act(() => {
      const { view } = editor();
      // Select everything and type over it, as a person clearing the line would.
      view.dispatch(view.state.tr.delete(1, view.state.doc.content.size - 1));
    });
    expect(editor().getMentions()).toEqual([]);
    typeKeys('no mention here');
    key('Enter');
    await waitFor(() =>
      expect(arrived.some((m) => m.type === TYPES.MSG_TEXT && m.payload.text === 'no mention here')).toBe(true),
    );
    expect(arrived.find((m) => m.type === TYPES.MSG_TEXT && m.payload.text === 'no mention here')?.atUserList).toEqual(
      [],
    );
  });

  it('offers a plain member no ‘everyone’, and never opens in one-to-one chats', async () => {
    renderInKit(cat, <Composer conversationID={`GROUP${GROUP}`} />);
    typeKeys('@');
    await waitFor(() => expect(optionNames()).toEqual(['Ann', 'Benedict']));
    cleanup();
    renderInKit(cat, <Composer conversationID="C2Cmn-ben" />);
    typeKeys('@');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(editor().getText()).toBe('@');
  });
});

describe('the mention list of a group too large to read whole', () => {
  it('asks the server for what is typed after @, and offers a member beyond the first 500', async () => {
    const crowd = Array.from({ length: 520 }, (_, i) => `mb-${String(i).padStart(3, '0')}`);
    await server.createUsers([...crowd, 'mb-zelda']);
    await ann.createGroup({ type: 'Community', name: 'Crowd', groupID: 'mention-big' });
    await ann.addGroupMember({ groupID: 'mention-big', userIDList: crowd.slice(0, 500) });
    await ann.addGroupMember({ groupID: 'mention-big', userIDList: [...crowd.slice(500), 'mb-zelda'] });
    renderInKit(ann, <Composer conversationID="GROUPmention-big" />);
    typeKeys('@');
    await waitFor(() => expect(options().length).toBeGreaterThanOrEqual(500), { timeout: 10_000 });
    expect(optionNames()).not.toContain('mb-zelda');
    typeKeys('mb-z');
    await waitFor(() => expect(optionNames()).toEqual(['mb-zelda']), { timeout: 5_000 });
  });
});

describe('mentions in the conversation list', () => {
  it('shows [@me] on the mentioned member’s row until they read the conversation', async () => {
    renderInKit(ben, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    const row = () => document.querySelector(`[data-conversation-id="GROUP${GROUP}"]`) as HTMLElement;
    await waitFor(() => expect(row()?.textContent).toContain('[@me]'));
    expect(row()?.textContent).toContain('[@All]');
    await ben.setMessageRead({ conversationID: `GROUP${GROUP}` });
    await waitFor(() => expect(row()?.textContent).not.toContain('[@me]'));
    expect(row()?.textContent).not.toContain('[@All]');
  });

  it('shows [@me] to a member mentioned after the list was shown', async () => {
    renderInKit(cat, <ConversationList activeConversationID={null} onSelect={() => undefined} />);
    const row = () => document.querySelector(`[data-conversation-id="GROUP${GROUP}"]`) as HTMLElement;
    await cat.setMessageRead({ conversationID: `GROUP${GROUP}` });
    await waitFor(() => expect(row()?.textContent).not.toContain('[@'));
    const message = ann.createTextAtMessage({
      to: GROUP,
      conversationType: 'GROUP',
      payload: { text: '@Catherine hello', atUserList: ['mn-cat'] },
    });
    await ann.sendMessage(message);
    await waitFor(() => expect(row()?.textContent).toContain('[@me]'));
  });
});
