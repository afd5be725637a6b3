// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInKit } from '../../test-support/render-in-kit';
import { AudioMessage, audioBubbleWidth } from './AudioMessage';
import { CHAT_STORAGE_KEY, isAudioPlayed, markAudioPlayed, STORAGE_FAILED } from './audio-played';
import { audioPlayer } from './audio-player';
import { makeMessage, NO_SDK } from './test-messages';

// jsdom has no media playback: play() resolves at once, pause() does nothing.
beforeEach(() => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  localStorage.clear();
});
afterEach(() => {
  act(() => audioPlayer.stop());
  cleanup();
  vi.restoreAllMocks();
});

const clip = (second: number, patch = {}) =>
  makeMessage(
    'TIMSoundElem',
    {
      uuid: 'sound-uuid-00000000',
      url: `https://files.test/voice-${second}.m4a`,
      remoteAudioUrl: `https://files.test/voice-${second}.m4a`,
      size: 9000,
      second,
      downloadFlag: 2,
    },
    patch,
  );

describe('AudioMessage', () => {
  it('is 10 px wide per second plus 20 px, showing at least one second', () => {
    expect(audioBubbleWidth(6)).toBe(80);
    expect(audioBubbleWidth(0)).toBe(30);
    renderInKit(NO_SDK, <AudioMessage message={clip(0)} />);
    const button = screen.getByRole('button', { name: 'Voice message, 1 seconds' });
    expect(button.style.width).toBe('30px');
    expect(button.textContent).toContain('1″');
  });

  it('plays one clip at a time; tapping the playing one stops it', () => {
    renderInKit(
      NO_SDK,
      <>
        <AudioMessage message={clip(3, { ID: 'a' })} />
        <AudioMessage message={clip(4, { ID: 'b' })} />
      </>,
    );
    const first = screen.getByRole('button', { name: 'Voice message, 3 seconds' });
    const second = screen.getByRole('button', { name: 'Voice message, 4 seconds' });
    fireEvent.click(first);
    expect(first.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(second);
    expect(first.getAttribute('aria-pressed')).toBe('false');
    expect(second.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(second);
    expect(second.getAttribute('aria-pressed')).toBe('false');
  });

  it('marks an incoming clip unplayed until played, and remembers it under TUI_CHAT_STORAGE', () => {
    const message = clip(2, { ID: 'heard-later' });
    const { unmount } = renderInKit(NO_SDK, <AudioMessage message={message} />);
    expect(screen.getByRole('img', { name: 'Not played yet' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Voice message, 2 seconds' }));
    expect(screen.queryByRole('img', { name: 'Not played yet' })).toBeNull();
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? '{}')).toEqual({
      audioPlayedMapping: { 'heard-later': true },
    });
    unmount();
    renderInKit(NO_SDK, <AudioMessage message={message} />);
    expect(screen.queryByRole('img', { name: 'Not played yet' })).toBeNull();
  });

  it('never marks the sender’s own clip as unplayed', () => {
    renderInKit(NO_SDK, <AudioMessage message={clip(2, { flow: 'out' })} />);
    expect(screen.queryByRole('img', { name: 'Not played yet' })).toBeNull();
  });

  it('reports "Fail to set chat storage" when the storage refuses the write', () => {
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    } as unknown as Storage;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(markAudioPlayed('x', full)).toBe(false);
    expect(errors.mock.calls[0]?.[0]).toBe(STORAGE_FAILED);
    expect(isAudioPlayed('x', full)).toBe(false);
  });
});
