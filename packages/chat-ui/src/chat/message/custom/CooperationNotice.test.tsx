// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../../test-support/render-in-kit';
import { CustomMessage } from '../CustomMessage';
import { layoutOf } from '../renderer-map';
import { makeMessage, NO_SDK } from '../test-messages';

afterEach(cleanup);

/** The notice the portal server sends when an enterprise agrees to a cooperation request. */
const notice = (data: Record<string, unknown>) =>
  makeMessage('TIMCustomElem', {
    data: JSON.stringify({ businessID: 'cooperation', version: 1, requestId: 'r1', productId: '7', ...data }),
    description: '已同意关于「冷链仓储」的合作申请，现在可以开始沟通 / Cooperation request about "冷链仓储" agreed',
    extension: '',
  });

describe('CooperationNotice', () => {
  it('shows an agreed cooperation as a centred notice naming the ability, in each language', () => {
    const message = notice({ productName: '冷链仓储', agreedBy: 'lina', agreedByName: '李娜' });
    expect(layoutOf(CustomMessage, message)).toBe('centred');

    renderInKit(NO_SDK, <CustomMessage message={message} />, { language: 'zh-CN' });
    const card = screen.getByRole('note', { name: '合作通知' });
    expect(card.textContent).toBe('合作通知已同意关于「冷链仓储」的合作申请，现在可以开始沟通');
    cleanup();
    renderInKit(NO_SDK, <CustomMessage message={message} />, { language: 'zh-TW' });
    expect(screen.getByText('已同意關於「冷链仓储」的合作申請，現在可以開始溝通')).toBeTruthy();
    cleanup();
    renderInKit(NO_SDK, <CustomMessage message={message} />);
    expect(
      screen.getByText('The cooperation request about “冷链仓储” was agreed. You can start chatting now.'),
    ).toBeTruthy();
  });

  it('offers no link (the kit cannot open portal pages) and shows names as text, never markup', () => {
    const { container } = renderInKit(
      NO_SDK,
      <CustomMessage message={notice({ productName: '<img src=x onerror=alert(1)>' })} />,
      { language: 'zh-CN' },
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('已同意关于「<img src=x onerror=alert(1)>」的合作申请，现在可以开始沟通')).toBeTruthy();
  });

  it('still reads as an agreed cooperation when the ability has no name', () => {
    renderInKit(NO_SDK, <CustomMessage message={notice({ productName: '' })} />, { language: 'zh-CN' });
    expect(screen.getByText('已同意合作申请，现在可以开始沟通')).toBeTruthy();
  });
});
