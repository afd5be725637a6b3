// @vitest-environment jsdom
import type { Message } from '@liaison/sdk';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { messageRenderers } from '../message/renderers';
import { imagePayload, makeMessage, NO_SDK } from '../message/test-messages';
import { MessageRow } from './MessageRow';

afterEach(cleanup);

function row(message: Message, isGroup = false) {
  const calls = { resend: [] as string[], cancel: [] as string[] };
  const result = renderInKit(
    NO_SDK,
    <MessageRow
      message={message}
      hasTime={false}
      isGroup={isGroup}
      renderers={messageRenderers}
      onResend={(id) => calls.resend.push(id)}
      onCancelUpload={(id) => calls.cancel.push(id)}
    />,
  );
  return { ...result, calls };
}

const sound = { uuid: 's-uuid-000000000000', url: 'u', remoteAudioUrl: 'u', size: 1, second: 3, downloadFlag: 2 };
const file = {
  uuid: 'f-uuid-000000000000',
  fileName: 'a.pdf',
  fileSize: 10,
  fileUrl: 'https://f.test/a',
  downloadFlag: 2,
};

describe('MessageRow', () => {
  it('shows an upload’s progress in the bubble with a cancel button, and no spinner', () => {
    const uploading = makeMessage('TIMImageElem', imagePayload(400, 300), {
      flow: 'out',
      status: 'unSend',
      progress: 0.42,
    });
    const { calls } = row(uploading);
    const bar = screen.getByRole('progressbar', { name: 'Uploading 42%' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(screen.queryByRole('status', { name: 'Sending' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(calls.cancel).toEqual([uploading.ID]);
  });

  it('shows a spinner, not a bar, once the upload is done and the message is still being sent', () => {
    row(makeMessage('TIMImageElem', imagePayload(400, 300), { flow: 'out', status: 'unSend', progress: 1 }));
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status', { name: 'Sending' })).toBeTruthy();
  });

  it('offers resend for a failed upload', () => {
    const failed = makeMessage('TIMFileElem', file, { flow: 'out', status: 'fail', progress: 0.3 });
    const { calls } = row(failed);
    fireEvent.click(screen.getByRole('button', { name: 'Failed to send. Click to resend' }));
    expect(calls.resend).toEqual([failed.ID]);
  });

  it('replaces risk content with the placeholder, without resend or download', () => {
    row(makeMessage('TIMFileElem', file, { flow: 'out', status: 'fail', hasRiskContent: true }));
    expect(screen.getByText('Involves sensitive content, failed to send')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    row(makeMessage('TIMSoundElem', sound, { hasRiskContent: true }));
    expect(screen.getByText('Cannot listen: involves sensitive content')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    cleanup();
    row(makeMessage('TIMImageElem', imagePayload(400, 300), { hasRiskContent: true }));
    expect(screen.getByText('Cannot view: involves sensitive content')).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Image' })).toBeNull();
  });

  it('centres group tips without avatar or nick', () => {
    const { container } = row(
      makeMessage('TIMGroupTipElem', {
        operatorID: 'zhang',
        operationType: 1,
        userIDList: ['li'],
        nickList: ['李娜'],
        newGroupProfile: null,
        memberNum: 2,
      }),
      true,
    );
    expect(container.querySelector('.lc-row__tip')?.textContent).toBe('李娜 joined the group');
    expect(container.querySelector('.lc-msg')).toBeNull();
  });

  it('shows nothing for typing status', () => {
    const { container } = row(
      makeMessage('TIMCustomElem', {
        data: JSON.stringify({ businessID: 'user_typing_status', typingStatus: 1 }),
        description: '',
        extension: '',
      }),
    );
    expect(container.textContent).toBe('');
    expect(container.querySelector('.lc-bubble')).toBeNull();
  });
});
