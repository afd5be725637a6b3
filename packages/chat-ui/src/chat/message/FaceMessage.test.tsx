// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { findBigFace } from '../../common/emoji/big-faces';
import { renderInKit } from '../../test-support/render-in-kit';
import { FaceMessage } from './FaceMessage';
import { faceSources } from './face-source';
import { makeMessage, NO_SDK } from './test-messages';

const registered = faceSources.length;
afterEach(() => {
  cleanup();
  faceSources.splice(registered);
});

describe('FaceMessage', () => {
  it('shows the kit’s own big face by its group and key, as the reference kit names them', () => {
    renderInKit(NO_SDK, <FaceMessage message={makeMessage('TIMFaceElem', { index: 1, data: 'yz00@2x' })} />);
    const picture = screen.getByRole('img', { name: 'Sticker' }) as HTMLImageElement;
    expect(picture.getAttribute('src')).toBe(findBigFace(1, 'yz00')?.src);
  });

  it('shows the sticker picture from a registered set', () => {
    faceSources.push((index, data) => (index === 9 ? `https://stickers.test/${data}.png` : undefined));
    renderInKit(NO_SDK, <FaceMessage message={makeMessage('TIMFaceElem', { index: 9, data: 'wave' })} />);
    const picture = screen.getByRole('img', { name: 'Sticker' }) as HTMLImageElement;
    expect(picture.src).toBe('https://stickers.test/wave.png');
    expect(picture.width).toBe(120);
  });

  it('falls back to a labelled placeholder for an unknown sticker or a broken picture', () => {
    renderInKit(NO_SDK, <FaceMessage message={makeMessage('TIMFaceElem', { index: 99, data: 'nope' })} />);
    expect(screen.getByRole('img', { name: 'Sticker' }).textContent).toBe('[Sticker nope]');
    cleanup();
    faceSources.push(() => 'https://stickers.test/broken.png');
    renderInKit(NO_SDK, <FaceMessage message={makeMessage('TIMFaceElem', { index: 1, data: 'yz00' })} />);
    fireEvent.error(screen.getByRole('img', { name: 'Sticker' }));
    expect(screen.getByRole('img', { name: 'Sticker' }).textContent).toBe('[Sticker yz00]');
  });
});
