// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { imagePayload, makeMessage, NO_SDK } from '../message/test-messages';
import { ImagePreviewer } from './ImagePreviewer';
import { type PreviewImage, previewableImages, toPreviewImage } from './preview-image';

afterEach(cleanup);

const image = (name: string, imageFormat: 1 | 2 | 3 | 4 | 255 = 3): PreviewImage => ({
  id: name,
  src: `https://files.test/${name}-large`,
  originalSrc: `https://files.test/${name}`,
  imageFormat,
});
const images = [image('a'), image('b'), image('c', 255)];
const transform = () => (screen.getByRole('img', { name: 'Image' }) as HTMLImageElement).style.transform;

function open(isH5 = false, onClose = () => {}) {
  renderInKit(NO_SDK, <ImagePreviewer images={images} initialIndex={0} onClose={onClose} />, { isH5 });
  return screen.getByRole('dialog', { name: 'Image preview' });
}

describe('ImagePreviewer', () => {
  it('zooms with the buttons and the wheel, and rotates both ways', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    expect(transform()).toBe('scale(1.2) rotate(0deg)');
    fireEvent.wheel(screen.getByRole('img', { name: 'Image' }), { deltaY: 100 });
    expect(transform()).toBe('scale(1.1) rotate(0deg)');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate left' }));
    expect(transform()).toBe('scale(1.1) rotate(270deg)');
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    expect(transform()).toBe('scale(1.1) rotate(90deg)');
  });

  it('pages with buttons and arrow keys, counting n / total, and resets zoom and rotation', () => {
    const dialog = open();
    expect(dialog.textContent).toContain('1 / 3');
    expect((screen.getByRole('button', { name: 'Previous image' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Zoom in' }));
    fireEvent.click(screen.getByRole('button', { name: 'Rotate right' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(dialog.textContent).toContain('2 / 3');
    expect((screen.getByRole('img', { name: 'Image' }) as HTMLImageElement).src).toBe('https://files.test/b-large');
    expect(transform()).toBe('scale(1) rotate(0deg)');
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(dialog.textContent).toContain('3 / 3');
    fireEvent.keyDown(dialog, { key: 'ArrowLeft' });
    expect(dialog.textContent).toContain('2 / 3');
  });

  it('closes on Esc and puts focus inside on open', () => {
    let closed = false;
    const dialog = open(false, () => {
      closed = true;
    });
    expect(dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(closed).toBe(true);
  });

  it('still closes on Esc when the last image’s disabled "next" button dropped the focus', () => {
    let closed = false;
    open(false, () => {
      closed = true;
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    (document.activeElement as HTMLElement | null)?.blur();
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(closed).toBe(true);
  });

  it('refuses to save an image type other than jpg, gif, png or bmp', () => {
    const dialog = open();
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    fireEvent.click(screen.getByRole('button', { name: 'Save image' }));
    expect(screen.getByRole('alert').textContent).toBe('This image type cannot be downloaded');
  });

  it('swipes over 100 px to switch image on phones, where there are no arrow buttons', () => {
    const dialog = open(true);
    expect(screen.queryByRole('button', { name: 'Next image' })).toBeNull();
    const stage = screen.getByRole('img', { name: 'Image' }).parentElement as HTMLElement;
    const swipe = (from: number, to: number) => {
      fireEvent.pointerDown(stage, { pointerId: 1, pointerType: 'touch', clientX: from, clientY: 300 });
      fireEvent.pointerMove(stage, { pointerId: 1, pointerType: 'touch', clientX: to, clientY: 300 });
      fireEvent.pointerUp(stage, { pointerId: 1, pointerType: 'touch', clientX: to, clientY: 300 });
    };
    swipe(300, 250);
    expect(dialog.textContent).toContain('1 / 3');
    swipe(300, 150);
    expect(dialog.textContent).toContain('2 / 3');
    swipe(100, 250);
    expect(dialog.textContent).toContain('1 / 3');
  });

  it('pages only through sent, unflagged pictures of the list, showing the large size and saving the original', () => {
    const sent = makeMessage('TIMImageElem', imagePayload(800, 600, 'sent'));
    const uploading = makeMessage('TIMImageElem', imagePayload(800, 600, 'up'), { status: 'unSend', progress: 0.2 });
    const risky = makeMessage('TIMImageElem', imagePayload(800, 600, 'risk'), { hasRiskContent: true });
    const text = makeMessage('TIMTextElem', { text: 'hi' });
    expect(previewableImages([sent, uploading, risky, text]).map((i) => i.id)).toEqual([sent.ID]);
    expect(toPreviewImage(sent)).toMatchObject({
      src: 'https://files.test/sent-large.png',
      originalSrc: 'https://files.test/sent.png',
      imageFormat: 3,
    });
  });
});
