import { describe, expect, it } from 'vitest';
import { countdown, VOICE_CANCEL_SLIDE_PX, type VoiceState, voiceReducer } from './voice-recording';

const idle: VoiceState = { phase: 'idle' };
const recordingFrom = (at: number) => voiceReducer(idle, { type: 'start', at });

describe('voice recording', () => {
  it('sends what was recorded on release or a second click, in whole seconds, at least one', () => {
    expect(voiceReducer(recordingFrom(0), { type: 'stop', at: 4_400 })).toEqual({ phase: 'sending', seconds: 4 });
    expect(voiceReducer(recordingFrom(0), { type: 'stop', at: 200 })).toEqual({ phase: 'sending', seconds: 1 });
  });

  it('stops at the 60 s cap and sends, with a countdown over the last ten seconds', () => {
    const recording = recordingFrom(1_000);
    expect(countdown(recording, 30_000)).toBeNull();
    expect(countdown(recording, 51_000)).toBe(10);
    expect(countdown(recording, 58_500)).toBe(3);
    expect(voiceReducer(recording, { type: 'tick', at: 60_900 })).toBe(recording);
    expect(voiceReducer(recording, { type: 'tick', at: 61_000 })).toEqual({ phase: 'sending', seconds: 60 });
  });

  it('cancels on Esc, or on release after sliding up; sliding back down disarms the cancel', () => {
    const recording = recordingFrom(0);
    expect(voiceReducer(recording, { type: 'cancel' })).toEqual({ phase: 'cancelled' });
    const armed = voiceReducer(recording, { type: 'slide', dy: VOICE_CANCEL_SLIDE_PX + 5 });
    expect(armed).toMatchObject({ isCancelArmed: true });
    expect(voiceReducer(armed, { type: 'stop', at: 3_000 })).toEqual({ phase: 'cancelled' });
    const disarmed = voiceReducer(armed, { type: 'slide', dy: 10 });
    expect(voiceReducer(disarmed, { type: 'stop', at: 3_000 })).toEqual({ phase: 'sending', seconds: 3 });
  });

  it('ignores stops and cancels when not recording, and a second start while recording', () => {
    expect(voiceReducer(idle, { type: 'stop', at: 1 })).toBe(idle);
    expect(voiceReducer(idle, { type: 'cancel' })).toBe(idle);
    const recording = recordingFrom(0);
    expect(voiceReducer(recording, { type: 'start', at: 500 })).toBe(recording);
    expect(voiceReducer({ phase: 'cancelled' }, { type: 'reset' })).toEqual(idle);
  });
});
