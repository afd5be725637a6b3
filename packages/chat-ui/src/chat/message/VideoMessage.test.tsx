// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { makeMessage, NO_SDK } from './test-messages';
import { formatDuration, VideoMessage } from './VideoMessage';

afterEach(cleanup);

const video = (patch = {}) =>
  makeMessage(
    'TIMVideoFileElem',
    {
      videoUUID: 'video-uuid-00000000',
      videoUrl: 'https://files.test/clip.mp4',
      remoteVideoUrl: 'https://files.test/clip.mp4',
      videoSize: 1_000_000,
      videoSecond: 75,
      videoFormat: 'mp4',
      videoDownloadFlag: 2,
      snapshotUUID: 'snap-uuid-000000000',
      snapshotUrl: 'https://files.test/clip.jpg',
      snapshotWidth: 640,
      snapshotHeight: 360,
      snapshotSize: 20_000,
      thumbUrl: 'https://files.test/clip-small.jpg',
    },
    patch,
  );

describe('VideoMessage', () => {
  it('shows the snapshot as a poster with a play button and the duration, sized before loading', () => {
    renderInKit(NO_SDK, <VideoMessage message={video()} />);
    const poster = screen.getByRole('img', { name: 'Video' }) as HTMLImageElement;
    expect(poster.src).toBe('https://files.test/clip.jpg');
    expect(poster.width).toBe(300);
    expect(poster.height).toBe(169);
    expect(screen.getByRole('button', { name: 'Play video' })).toBeTruthy();
    expect(screen.getByText('1:15')).toBeTruthy();
  });

  it('plays inline on desktop', () => {
    const { container } = renderInKit(NO_SDK, <VideoMessage message={video()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    const player = container.querySelector('video');
    expect(player?.getAttribute('src')).toBe('https://files.test/clip.mp4');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('plays in a full-screen dialog on phones, which closes', () => {
    renderInKit(NO_SDK, <VideoMessage message={video()} />, { isH5: true });
    fireEvent.click(screen.getByRole('button', { name: 'Play video' }));
    const dialog = screen.getByRole('dialog', { name: 'Video' });
    expect(dialog.querySelector('video')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close video' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('cannot be played while it is still uploading', () => {
    renderInKit(NO_SDK, <VideoMessage message={video({ status: 'unSend', progress: 0.5 })} />);
    expect(screen.queryByRole('button', { name: 'Play video' })).toBeNull();
  });

  it('formats durations as m:ss and h:mm:ss', () => {
    expect(formatDuration(5)).toBe('0:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
