import type { NetworkQuality } from './call-types';

/** What one RTCPeerConnection's getStats() says about the link, totals since it started. */
export interface LinkSample {
  roundTripMs: number | null;
  packetsLost: number;
  packetsReceived: number;
  /** Video frames decoded from the peer (the e2e checks media really flows). */
  framesDecoded: number;
}

/**
 * Reads a stats report (W3C webrtc-stats): the selected candidate pair's currentRoundTripTime
 * and the inbound RTP streams' packet and frame counters.
 */
export function readSample(report: Iterable<unknown>): LinkSample {
  const all = [...report].filter(isRecord);
  const byID = new Map(all.map((stats) => [stats.id, stats]));
  const selectedID = all.find(
    (stats) => stats.type === 'transport' && typeof stats.selectedCandidatePairId === 'string',
  )?.selectedCandidatePairId;
  // Firefox has no transport stats: its selected pair is flagged `selected`.
  const pair =
    (typeof selectedID === 'string' ? byID.get(selectedID) : undefined) ??
    all.find(
      (stats) =>
        stats.type === 'candidate-pair' &&
        (stats.selected === true || (stats.nominated === true && stats.state === 'succeeded')),
    );
  const rtt = pair ? numberOf(pair.currentRoundTripTime) : null;
  const sample: LinkSample = {
    roundTripMs: rtt === null ? null : Math.round(rtt * 1000),
    packetsLost: 0,
    packetsReceived: 0,
    framesDecoded: 0,
  };
  for (const stats of all) {
    if (stats.type !== 'inbound-rtp') continue;
    sample.packetsLost += Math.max(0, numberOf(stats.packetsLost) ?? 0);
    sample.packetsReceived += numberOf(stats.packetsReceived) ?? 0;
    sample.framesDecoded += numberOf(stats.framesDecoded) ?? 0;
  }
  return sample;
}

/**
 * 1 excellent … 5 bad from the round trip and the packet loss since the previous sample (the
 * reference engine's scale); 0 while nothing is known yet.
 */
export function networkQuality(previous: LinkSample | null, current: LinkSample): NetworkQuality {
  const lost = current.packetsLost - (previous?.packetsLost ?? 0);
  const received = current.packetsReceived - (previous?.packetsReceived ?? 0);
  const total = lost + received;
  if (current.roundTripMs === null && total <= 0) return 0;
  const loss = total > 0 ? Math.max(0, lost) / total : 0;
  const rtt = current.roundTripMs ?? 0;
  for (const [quality, maxRtt, maxLoss] of LEVELS) if (rtt <= maxRtt && loss <= maxLoss) return quality;
  return 5;
}

/** [quality, highest round trip in ms, highest loss ratio] from best to worst. */
const LEVELS: ReadonlyArray<readonly [NetworkQuality, number, number]> = [
  [1, 100, 0.01],
  [2, 200, 0.03],
  [3, 400, 0.08],
  [4, 800, 0.15],
];

type Stats = Record<string, unknown> & { id?: unknown; type?: unknown };

function isRecord(value: unknown): value is Stats {
  return typeof value === 'object' && value !== null;
}

function numberOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
