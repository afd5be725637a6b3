// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { ImageMessage } from './ImageMessage';
import { imagePayload, makeMessage, NO_SDK } from './test-messages';

afterEach(cleanup);

describe('ImageMessage', () => {
  it('shows the large size in a box of its final size before the picture loads', () => {
    renderInKit(NO_SDK, <ImageMessage message={makeMessage('TIMImageElem', imagePayload(1200, 800))} />);
    const picture = screen.getByRole('img', { name: 'Image' }) as HTMLImageElement;
    expect(picture.src).toBe('https://files.test/cat-large.png');
    expect(picture.width).toBe(300);
    expect(picture.height).toBe(200);
    expect((picture.closest('.lc-image') as HTMLElement).style.height).toBe('200px');
  });

  it('leaves the size unset when the dimensions are unknown', () => {
    renderInKit(NO_SDK, <ImageMessage message={makeMessage('TIMImageElem', imagePayload(0, 0))} />);
    const picture = screen.getByRole('img', { name: 'Image' }) as HTMLImageElement;
    expect(picture.getAttribute('width')).toBeNull();
    expect((picture.closest('.lc-image') as HTMLElement).style.height).toBe('');
  });

  it('fits in min(app width − 180, 300) on phones', () => {
    window.innerWidth = 390;
    renderInKit(NO_SDK, <ImageMessage message={makeMessage('TIMImageElem', imagePayload(1200, 800))} />, {
      isH5: true,
    });
    expect((screen.getByRole('img', { name: 'Image' }) as HTMLImageElement).width).toBe(210);
  });

  it('resizes its box with the window on phones (a phone turned sideways)', () => {
    window.innerWidth = 390;
    renderInKit(NO_SDK, <ImageMessage message={makeMessage('TIMImageElem', imagePayload(1200, 800))} />, {
      isH5: true,
    });
    act(() => {
      window.innerWidth = 844;
      window.dispatchEvent(new Event('resize'));
    });
    const picture = screen.getByRole('img', { name: 'Image' }) as HTMLImageElement;
    expect([picture.width, picture.height]).toEqual([300, 200]);
  });

  it('opens the previewer on click once sent, and not while uploading', async () => {
    const uploading = makeMessage('TIMImageElem', imagePayload(400, 300), { status: 'unSend', progress: 0.4 });
    const { rerender } = renderInKit(NO_SDK, <ImageMessage message={uploading} />);
    expect(screen.queryByRole('button', { name: 'View image' })).toBeNull();

    rerender(<ImageMessage message={{ ...uploading, status: 'success', progress: 1 }} />);
    fireEvent.click(screen.getByRole('button', { name: 'View image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Image preview' });
    expect(dialog.textContent).toContain('1 / 1');
  });
});
