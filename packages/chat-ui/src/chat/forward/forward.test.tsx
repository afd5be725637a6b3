// @vitest-environment node
import '../../../../../tests/support/dom-for-server-tests';
import { type ChatSDK, type Message, TYPES } from '@liaison/sdk';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sendText, until } from '../../../../../apps/server/src/integration/harness';
import { ToastHost } from '../../core/toasts/ToastHost';
import { ChatWindow } from '../../shell/ChatWindow';
import { renderInKit } from '../../test-support/render-in-kit';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterEach(cleanup);
afterAll(async () => {
  await server.close();
});

interface Cast {
  ann: ChatSDK;
  ben: ChatSDK;
  /** What cal and dan receive, in order. */
  calGot: Message[];
  danGot: Message[];
  ids: { ann: string; ben: string; cal: string; dan: string };
}

/** ann talks with ben, cal and dan; ben has sent her `texts`. */
async function cast(prefix: string, texts: string[]): Promise<Cast> {
  const ids = { ann: `${prefix}-ann`, ben: `${prefix}-ben`, cal: `${prefix}-cal`, dan: `${prefix}-dan` };
  const [ann, ben, cal, dan] = await Promise.all([ids.ann, ids.ben, ids.cal, ids.dan].map((id) => server.connect(id)));
  if (!ann || !ben || !cal || !dan) throw new Error('not connected');
  await Promise.all([
    ann.updateMyProfile({ nick: 'Ann' }),
    ben.updateMyProfile({ nick: 'Ben' }),
    cal.updateMyProfile({ nick: 'Cal' }),
    dan.updateMyProfile({ nick: 'Dan' }),
  ]);
  await sendText(cal, ids.ann, 'hi from Cal');
  await sendText(dan, ids.ann, 'hi from Dan');
  for (const text of texts) await sendText(ben, ids.ann, text);
  const calGot: Message[] = [];
  const danGot: Message[] = [];
  cal.on(cal.EVENT.MESSAGE_RECEIVED, (event) => calGot.push(...event.data));
  dan.on(dan.EVENT.MESSAGE_RECEIVED, (event) => danGot.push(...event.data));
  await until(() => ann.conversationStore.get(`C2C${ids.dan}`) !== undefined, 5000, 'dan in ann’s list');
  return { ann, ben, calGot, danGot, ids };
}

function openMenuOn(text: string): void {
  fireEvent.contextMenu(screen.getByText(text), { clientX: 40, clientY: 300 });
}

/** In the open forward panel, ticks Cal and Dan and sends. */
function sendToCalAndDan(): void {
  const panel = screen.getByRole('dialog');
  fireEvent.click(within(panel).getByRole('checkbox', { name: 'Cal' }));
  fireEvent.click(within(panel).getByRole('checkbox', { name: 'Dan' }));
  fireEvent.click(within(panel).getByRole('button', { name: 'Send' }));
}

const texts = (got: Message[]) => got.flatMap((m) => (m.type === TYPES.MSG_TEXT ? [m.payload.text] : []));

describe('forwarding', () => {
  it('forwards one message to two conversations at once from the picker', async () => {
    const { ann, calGot, danGot, ids } = await cast('fw1', ['spec sheet v2']);
    renderInKit(ann, <ChatWindow conversationID={`C2C${ids.ben}`} onBack={() => undefined} />);
    await screen.findByText('spec sheet v2');
    openMenuOn('spec sheet v2');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Forward' }));
    const panel = screen.getByRole('dialog', { name: 'Forward' });
    // Every conversation of the user can be chosen, the open one too.
    expect(
      within(within(panel).getByRole('list', { name: 'Conversations to forward to' }))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(expect.arrayContaining(['Ben', 'Cal', 'Dan']));
    sendToCalAndDan();
    await until(
      () => texts(calGot).includes('spec sheet v2') && texts(danGot).includes('spec sheet v2'),
      10_000,
      'copies',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('leaves groups I quit or was removed from out of the picker, and offers the groups I am in', async () => {
    const { ann, ben, ids } = await cast('fwg', ['the drawing']);
    const group = async (name: string) =>
      (await ben.createGroup({ type: 'Public', name, memberList: [{ userID: ids.ann }] })).data.group.groupID;
    const [stay, quit, removed] = [await group('Still in'), await group('Quit'), await group('Removed')];
    for (const groupID of [stay, quit, removed]) await sendText(ben, groupID, 'hello group', 'GROUP');
    await until(
      () => [stay, quit, removed].every((g) => ann.conversationStore.get(`GROUP${g}`)?.lastMessage.type),
      10_000,
      'the three groups',
    );
    await ann.quitGroup(quit);
    await ben.deleteGroupMember({ groupID: removed, userIDList: [ids.ann] });
    await until(
      () => [quit, removed].every((g) => (ann.conversationStore.get(`GROUP${g}`)?.operationType ?? 0) > 0),
      10_000,
      'ann out of two groups',
    );
    renderInKit(ann, <ChatWindow conversationID={`C2C${ids.ben}`} onBack={() => undefined} />);
    await screen.findByText('the drawing');
    openMenuOn('the drawing');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Forward' }));
    const list = within(screen.getByRole('dialog', { name: 'Forward' })).getByRole('list', {
      name: 'Conversations to forward to',
    });
    const names = within(list)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(names).toContain('Still in');
    expect(names).not.toContain('Quit');
    expect(names).not.toContain('Removed');
  });

  it('forwards five selected messages merged, in time order, to two conversations; multi-select then ends', async () => {
    const lines = ['line 1', 'line 2', 'line 3', 'line 4', 'line 5', 'line 6'];
    const { ann, calGot, danGot, ids } = await cast('fw5', lines);
    renderInKit(ann, <ChatWindow conversationID={`C2C${ids.ben}`} onBack={() => undefined} />);
    await screen.findByText('line 6');
    openMenuOn('line 5');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Multi-select' }));
    // Picked in any order; a click anywhere on a message picks it.
    for (const text of ['line 1', 'line 4', 'line 2', 'line 3']) fireEvent.click(screen.getByText(text));
    const panel = screen.getByRole('toolbar', { name: 'Actions for the selected messages' });
    expect(within(panel).getByText('5 messages selected')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message input' })).toBeNull();

    fireEvent.click(within(panel).getByRole('button', { name: 'Forward merged' }));
    expect(screen.getByRole('dialog', { name: 'Forward merged' })).toBeTruthy();
    sendToCalAndDan();
    const records = () => [...calGot, ...danGot].filter((m) => m.type === TYPES.MSG_MERGER);
    await until(() => records().length === 2, 10_000, 'two records');
    for (const record of records()) {
      if (record.type !== TYPES.MSG_MERGER) continue;
      expect(record.payload.title).toBe('Chat history of Ann and Ben');
      expect(record.payload.abstractList).toEqual([
        'Ben: line 1',
        'Ben: line 2',
        'Ben: line 3',
        'Ben: line 4',
        'Ben: line 5',
      ]);
      const inner = record.payload.messageList.map((m) => {
        const [body] = m.messageBody;
        return body?.type === TYPES.MSG_TEXT ? body.payload.text : '';
      });
      expect(inner).toEqual(['line 1', 'line 2', 'line 3', 'line 4', 'line 5']);
    }
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: 'Actions for the selected messages' })).toBeNull(),
    );
    expect(screen.getByRole('textbox', { name: 'Message input' })).toBeTruthy();
    expect(document.querySelectorAll('.lc-row__select')).toHaveLength(0);
  });

  it('deletes five selected messages after a confirmation, for me only', async () => {
    const lines = ['del 1', 'del 2', 'del 3', 'del 4', 'del 5', 'stays'];
    const { ann, ben, ids } = await cast('fwdel', lines);
    renderInKit(ann, <ChatWindow conversationID={`C2C${ids.ben}`} onBack={() => undefined} />);
    await screen.findByText('stays');
    openMenuOn('del 1');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Multi-select' }));
    for (const text of ['del 2', 'del 3', 'del 4', 'del 5']) {
      fireEvent.click(await within(rowOf(text)).findByRole('checkbox', { name: 'Select this message' }));
    }
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete messages' });
    expect(confirm.textContent).toContain('Delete 5 messages?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByText('del 3')).toBeNull());
    expect(lines.slice(0, 5).some((text) => screen.queryByText(text))).toBe(false);
    expect(screen.getByText('stays')).toBeTruthy();
    const { data } = await ben.getMessageList({ conversationID: `C2C${ids.ann}` });
    expect(texts(data.messageList)).toEqual(expect.arrayContaining(lines));
  });

  it('says "No messages selected" when asked to forward nothing, and Cancel leaves multi-select', async () => {
    const { ann, ids } = await cast('fw0', ['only one']);
    renderInKit(
      ann,
      <>
        <ChatWindow conversationID={`C2C${ids.ben}`} onBack={() => undefined} />
        <ToastHost />
      </>,
    );
    await screen.findByText('only one');
    openMenuOn('only one');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Multi-select' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select this message', checked: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Forward one by one' }));
    expect((await screen.findByRole('alert')).textContent).toContain('No messages selected');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('toolbar', { name: 'Actions for the selected messages' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Select this message' })).toBeNull();
  });
});

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest<HTMLElement>('[data-message-id]');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
}
