import { describe, expect, it } from 'vitest';
import { type LinkSample, networkQuality, readSample } from './network-quality';

/** A getStats() report as Chrome gives it, cut down to what the quality reads. */
function chromeReport(roundTripSeconds: number, packetsLost: number, packetsReceived: number) {
  return [
    { id: 'T01', type: 'transport', selectedCandidatePairId: 'CP1' },
    { id: 'CP0', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 9 },
    { id: 'CP1', type: 'candidate-pair', state: 'succeeded', nominated: true, currentRoundTripTime: roundTripSeconds },
    { id: 'IA', type: 'inbound-rtp', kind: 'audio', packetsLost, packetsReceived },
    { id: 'IV', type: 'inbound-rtp', kind: 'video', packetsLost: 0, packetsReceived: 0, framesDecoded: 120 },
  ];
}

const sample = (roundTripMs: number | null, packetsLost: number, packetsReceived: number): LinkSample => ({
  roundTripMs,
  packetsLost,
  packetsReceived,
  framesDecoded: 0,
});

describe('reading a stats report', () => {
  it('takes the round trip of the selected candidate pair and adds up the inbound streams', () => {
    expect(readSample(chromeReport(0.042, 3, 997))).toEqual({
      roundTripMs: 42,
      packetsLost: 3,
      packetsReceived: 997,
      framesDecoded: 120,
    });
  });

  it('finds Firefox’s selected pair without transport stats, and knows no round trip before one is measured', () => {
    const firefox = [{ id: 'p', type: 'candidate-pair', selected: true, currentRoundTripTime: 0.3 }];
    expect(readSample(firefox).roundTripMs).toBe(300);
    expect(readSample([{ id: 'i', type: 'inbound-rtp' }]).roundTripMs).toBeNull();
  });
});

describe('network quality', () => {
  it('is unknown until something is measured', () => {
    expect(networkQuality(null, sample(null, 0, 0))).toBe(0);
  });

  it('grades a short round trip without loss best and a long or lossy one worst', () => {
    expect(networkQuality(null, sample(30, 0, 500))).toBe(1);
    expect(networkQuality(null, sample(150, 0, 500))).toBe(2);
    expect(networkQuality(null, sample(30, 25, 475))).toBe(3);
    expect(networkQuality(null, sample(1200, 0, 500))).toBe(5);
  });

  it('counts the loss since the previous sample, so an early burst does not stain the call for ever', () => {
    const earlier = sample(30, 100, 400);
    expect(networkQuality(null, earlier)).toBe(5);
    expect(networkQuality(earlier, sample(30, 100, 900))).toBe(1);
  });
});
