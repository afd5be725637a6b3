// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { CustomMessage } from './CustomMessage';
import { callInfoOf } from './custom/CallRecord';
import { customRenderers } from './custom/custom-renderers';
import { layoutOf } from './renderer-map';
import { makeMessage, NO_SDK } from './test-messages';

afterEach(cleanup);

const custom = (data: unknown, description = '', extension = '', patch = {}) =>
  makeMessage(
    'TIMCustomElem',
    { data: typeof data === 'string' ? data : JSON.stringify(data), description, extension },
    patch,
  );

/** The reference kit's call record: signalling (businessID 1) wrapping the av_call data. */
const call = (actionType: number, inner: Record<string, unknown>, patch = {}) =>
  custom(
    { businessID: 1, actionType, inviter: 'ben', data: JSON.stringify({ businessID: 'av_call', ...inner }) },
    '',
    '',
    patch,
  );

/** Liaison's record of a failed call: `failedUser`'s media failed for `failure`. */
const failedCall = (actionType: number, failure: string | undefined, failedUser: string, patch = {}) =>
  call(actionType, { call_type: 2, liaison_failure: failure, liaison_failed_user: failedUser }, patch);

describe('CustomMessage', () => {
  it('shows a service consultation with its items, linking only http(s) values', () => {
    renderInKit(
      NO_SDK,
      <CustomMessage
        message={custom({
          businessID: 'service',
          title: '常见问题',
          hyperlinks_text: { key: '更多', value: 'https://help.test/' },
          item: [
            { key: '如何下单', value: 'https://help.test/order' },
            { key: '脚本', value: 'javascript:alert(1)' },
          ],
          description: '请选择您的问题',
        })}
      />,
    );
    expect(screen.getByText('常见问题')).toBeTruthy();
    expect((screen.getByRole('link', { name: '更多' }) as HTMLAnchorElement).href).toBe('https://help.test/');
    expect((screen.getByRole('link', { name: '如何下单' }) as HTMLAnchorElement).href).toBe('https://help.test/order');
    expect(screen.queryByRole('link', { name: /脚本/ })).toBeNull();
    expect(screen.getByText('请选择您的问题')).toBeTruthy();
  });

  it('shows an evaluation as stars and its comment', () => {
    renderInKit(NO_SDK, <CustomMessage message={custom({ businessID: 'evaluate', score: 4, comment: '很满意' })} />);
    expect(screen.getByRole('img', { name: '4 of 5 stars' }).querySelectorAll('.lc-star--on')).toHaveLength(4);
    expect(screen.getByText('很满意')).toBeTruthy();
  });

  it('shows an order card linking to the order', () => {
    renderInKit(
      NO_SDK,
      <CustomMessage
        message={custom({
          businessID: 'order',
          link: 'https://shop.test/o/1',
          imageUrl: 'https://shop.test/p.png',
          title: '液压泵 A1',
          description: '2 件',
          price: '¥ 1,280',
        })}
      />,
    );
    const card = screen.getByRole('link') as HTMLAnchorElement;
    expect(card.href).toBe('https://shop.test/o/1');
    expect(card.textContent).toContain('液压泵 A1');
    expect(card.textContent).toContain('¥ 1,280');
  });

  it('shows a text link, without a link for a non-http address', () => {
    renderInKit(
      NO_SDK,
      <CustomMessage message={custom({ businessID: 'link', text: '新品上市', link: 'https://shop.test/new' })} />,
    );
    expect(screen.getByText('新品上市')).toBeTruthy();
    expect((screen.getByRole('link', { name: 'View details >>' }) as HTMLAnchorElement).href).toBe(
      'https://shop.test/new',
    );
    cleanup();
    renderInKit(
      NO_SDK,
      <CustomMessage message={custom({ businessID: 'link', text: 'x', link: 'data:text/html,hi' })} />,
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it.each([
    [call(1, { call_type: 2, call_end: 95 }), 'Video call', 'Call duration 1:35'],
    [call(1, { call_type: 1, call_end: 0 }), 'Voice call', 'Call ended'],
    [call(2, { call_type: 1 }), 'Voice call', 'Call cancelled'],
    [call(3, { call_type: 1 }), 'Voice call', 'Call answered'],
    [call(4, { call_type: 1 }), 'Voice call', 'Call declined'],
    [call(4, { call_type: 2, line_busy: 'line_busy' }), 'Video call', 'Line busy'],
    [call(5, { call_type: 1 }), 'Voice call', 'Call timed out'],
  ])('shows a call record as an icon and a readable line (%#)', (message, icon, line) => {
    renderInKit(NO_SDK, <CustomMessage message={message} />);
    expect(screen.getByRole('img', { name: icon })).toBeTruthy();
    expect(screen.getByText(line)).toBeTruthy();
  });

  it.each([
    // Ben called Ann (incoming for Ann): Ann's browser cannot make calls, Ben's permission was refused…
    [failedCall(1, 'webrtcUnsupported', 'ann'), 'Call failed: your browser cannot make voice or video calls'],
    [failedCall(2, 'permissionDenied', 'ben'), 'Call failed: the other side did not allow the camera or microphone'],
    [failedCall(2, 'noDevice', 'ann'), 'Call failed: no camera or microphone available'],
    [failedCall(1, 'connectionFailed', 'ben'), 'Call failed: the network connection failed'],
    // …and Ben's own view of the same records (outgoing, to Ann).
    [
      failedCall(1, 'webrtcUnsupported', 'ann', { flow: 'out', to: 'ann' }),
      'Call failed: the other side’s browser cannot make voice or video calls',
    ],
    [
      failedCall(2, 'permissionDenied', 'ben', { flow: 'out', to: 'ann' }),
      'Call failed: the camera or microphone was not allowed',
    ],
    [
      failedCall(2, 'noDevice', 'ann', { flow: 'out', to: 'ann' }),
      'Call failed: the other side has no camera or microphone available',
    ],
    [failedCall(2, undefined, 'ann'), 'Call failed'],
    [failedCall(2, 'gremlins', 'ann'), 'Call failed'],
  ])('says a call failed, whose side and why (%#)', (message, line) => {
    renderInKit(NO_SDK, <CustomMessage message={message} />);
    expect(screen.getByRole('img', { name: 'Video call' })).toBeTruthy();
    expect(screen.getByText(line)).toBeTruthy();
  });

  it('says a failed call in each language, and whose side failed in a group by the signed-in user', () => {
    const theirs = failedCall(1, 'webrtcUnsupported', 'ben');
    const mine = failedCall(2, 'permissionDenied', 'ann');
    const noDevice = failedCall(2, 'noDevice', 'ben');
    const network = failedCall(1, 'connectionFailed', 'ann');
    const lines = (language: 'zh-CN' | 'zh-TW') => {
      renderInKit(
        NO_SDK,
        <div>
          {[theirs, mine, noDevice, network].map((message) => (
            <CustomMessage key={message.ID} message={message} />
          ))}
        </div>,
        { language },
      );
      const shown = Array.from(document.querySelectorAll('.lc-call'), (node) => node.textContent);
      cleanup();
      return shown;
    };
    expect(lines('zh-CN')).toEqual([
      '通话失败：对方的浏览器不支持音视频通话',
      '通话失败：未授权使用摄像头或麦克风',
      '通话失败：对方没有可用的摄像头或麦克风',
      '通话失败：网络连接失败',
    ]);
    expect(lines('zh-TW')).toEqual([
      '通話失敗：對方的瀏覽器不支援語音與視訊通話',
      '通話失敗：未授權使用鏡頭或麥克風',
      '通話失敗：對方沒有可用的鏡頭或麥克風',
      '通話失敗：網路連線失敗',
    ]);

    const inGroup = (failedUser: string) =>
      callInfoOf(
        {
          businessID: 1,
          actionType: 2,
          data: JSON.stringify({
            businessID: 'av_call',
            call_type: 1,
            liaison_failure: 'noDevice',
            liaison_failed_user: failedUser,
          }),
        },
        false,
        'ann',
      )?.state;
    expect(inGroup('ann')).toEqual({ kind: 'failed', failure: 'noDevice', side: 'mine' });
    expect(inGroup('carl')).toEqual({ kind: 'failed', failure: 'noDevice', side: 'theirs' });
  });

  it('reads a record without failure fields as the reference format says, a 0 s call as ended', () => {
    const data = {
      businessID: 1,
      actionType: 1,
      data: JSON.stringify({ businessID: 'av_call', call_type: 1, call_end: 0 }),
    };
    expect(callInfoOf(data, true, 'ann')?.state).toEqual({ kind: 'ended' });
  });

  it('says "no answer" to the caller whose call timed out', () => {
    const data = { businessID: 1, actionType: 5, data: JSON.stringify({ businessID: 'av_call', call_type: 1 }) };
    expect(callInfoOf(data, true)?.state.kind).toBe('noAnswer');
  });

  it('never shows typing status as a message', () => {
    const typing = custom({ businessID: 'user_typing_status', typingStatus: 1 });
    expect(layoutOf(CustomMessage, typing)).toBe('hidden');
    expect(layoutOf(CustomMessage, custom({ businessID: 'order' }))).toBe('bubble');
  });

  it("shows a new group's 'created' message as a centred tip naming the creator, in each language", () => {
    const created = custom({ businessID: 'group_create', version: 4, opUser: '张伟', content: '创建群组' });
    expect(layoutOf(CustomMessage, created)).toBe('centred');
    renderInKit(NO_SDK, <CustomMessage message={created} />);
    expect(screen.getByText('张伟 created the group')).toBeTruthy();
    cleanup();
    renderInKit(NO_SDK, <CustomMessage message={created} />, { language: 'zh-CN' });
    expect(screen.getByText('张伟 创建了群聊')).toBeTruthy();
    cleanup();
    renderInKit(NO_SDK, <CustomMessage message={created} />, { language: 'zh-TW' });
    expect(screen.getByText('张伟 建立了群組')).toBeTruthy();
  });

  it('words the meeting kinds it does not open', () => {
    renderInKit(NO_SDK, <CustomMessage message={custom({ businessID: 'ROOM_INVITE_ACTION', roomId: 1 })} />);
    expect(screen.getByText('[Meeting invitation]')).toBeTruthy();
  });

  it('reads unknown custom content as its description, else [custom message], never raw JSON', () => {
    renderInKit(NO_SDK, <CustomMessage message={custom({ businessID: 'mystery', secret: 42 }, '一条订阅消息')} />);
    expect(screen.getByText('一条订阅消息')).toBeTruthy();
    cleanup();
    const { container } = renderInKit(NO_SDK, <CustomMessage message={custom('{"not":"known"}')} />);
    expect(container.textContent).toBe('[custom message]');
    cleanup();
    renderInKit(NO_SDK, <CustomMessage message={custom('not json at all')} />);
    expect(screen.getByText('[custom message]')).toBeTruthy();
  });

  it('lets a host register its own kind by businessID', () => {
    customRenderers.coupon = ({ data }) => <span>coupon {String(data.amount)}</span>;
    try {
      renderInKit(NO_SDK, <CustomMessage message={custom({ businessID: 'coupon', amount: 50 })} />);
      expect(screen.getByText('coupon 50')).toBeTruthy();
    } finally {
      delete customRenderers.coupon;
    }
  });
});
