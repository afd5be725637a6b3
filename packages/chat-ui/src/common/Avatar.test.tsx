// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar, DEFAULT_AVATAR, DEFAULT_GROUP_AVATAR } from './Avatar';

afterEach(cleanup);

describe('Avatar', () => {
  it('is 36 px with 5 px corners by default', () => {
    render(<Avatar url="https://example.test/a.png" label="张伟" />);
    const img = screen.getByRole('img', { name: '张伟' }) as HTMLImageElement;
    expect(img.width).toBe(36);
    expect(img.style.borderRadius).toBe('5px');
  });

  it('retries a broken picture, and shows the default after the third failure', () => {
    render(<Avatar url="https://example.test/broken.png" label="李娜" />);
    for (let failure = 1; failure <= 3; failure++) {
      const img = screen.getByRole('img', { name: '李娜' }) as HTMLImageElement;
      expect(img.src).toBe('https://example.test/broken.png');
      fireEvent.error(img);
    }
    expect((screen.getByRole('img', { name: '李娜' }) as HTMLImageElement).src).toBe(DEFAULT_AVATAR);
  });

  it('shows the default when there is no picture', () => {
    render(<Avatar label="王芳" />);
    expect((screen.getByRole('img', { name: '王芳' }) as HTMLImageElement).src).toBe(DEFAULT_AVATAR);
  });

  it('gives a group without a picture the group picture, not the person silhouette', () => {
    render(<Avatar label="供应链群" isGroup />);
    const src = (screen.getByRole('img', { name: '供应链群' }) as HTMLImageElement).src;
    expect(src).toBe(DEFAULT_GROUP_AVATAR);
    expect(src).not.toBe(DEFAULT_AVATAR);
  });
});
