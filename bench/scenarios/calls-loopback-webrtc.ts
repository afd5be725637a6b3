/**
 * A stand-in for the browser's WebRTC in Node, for the calls bench: enough of RTCPeerConnection
 * and mediaDevices for the SDK's call engine to run its real signalling (the offer, the answer
 * and a trickled candidate over sendCallSignal), with no media. A connection counts as
 * 'connected' once it has both descriptions, which is the point where a browser's ICE checks
 * would start; `onConnected` reports that moment, which is what the bench times, and
 * `onRemoteCandidate` each candidate the peer trickled.
 */
import type { WebRTCEnvironment } from '@liaison/sdk';

/** About the size of a real browser's audio + video offer (Chromium's is 4–6 KB). */
const SDP = `v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n${'a=rtpmap:96 VP8/90000\r\n'.repeat(200)}`;
const CANDIDATE = 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host generation 0';

export function loopbackWebRTC(events: { onConnected(): void; onRemoteCandidate(): void }): WebRTCEnvironment {
  class LoopbackPeerConnection {
    connectionState: RTCPeerConnectionState = 'new';
    signalingState: RTCSignalingState = 'stable';
    localDescription: RTCSessionDescriptionInit | null = null;
    remoteDescription: RTCSessionDescriptionInit | null = null;
    onicecandidate: ((event: { candidate: RTCIceCandidateInit | null }) => void) | null = null;
    ontrack: ((event: { streams: unknown[] }) => void) | null = null;
    onconnectionstatechange: (() => void) | null = null;

    addTransceiver(): void {}
    addTrack(): void {}
    getTransceivers(): unknown[] {
      return [];
    }
    async createOffer(): Promise<RTCSessionDescriptionInit> {
      return { type: 'offer', sdp: SDP };
    }
    async createAnswer(): Promise<RTCSessionDescriptionInit> {
      return { type: 'answer', sdp: SDP };
    }
    async setLocalDescription(description: RTCSessionDescriptionInit): Promise<void> {
      this.localDescription = description;
      this.signalingState = description.type === 'offer' ? 'have-local-offer' : 'stable';
      // Trickle ICE: a browser finds its host candidate right after this.
      setImmediate(() => this.onicecandidate?.({ candidate: { candidate: CANDIDATE, sdpMid: '0', sdpMLineIndex: 0 } }));
      this.settle();
    }
    async setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void> {
      this.remoteDescription = description;
      this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
      this.settle();
    }
    async addIceCandidate(): Promise<void> {
      events.onRemoteCandidate();
    }
    async getStats(): Promise<Map<string, unknown>> {
      return new Map();
    }
    close(): void {
      this.connectionState = 'closed';
    }

    private settle(): void {
      if (this.connectionState !== 'new' || !this.localDescription || !this.remoteDescription) return;
      if (this.signalingState !== 'stable') return;
      this.connectionState = 'connected';
      events.onConnected();
      this.onconnectionstatechange?.();
    }
  }

  const track = (kind: 'audio' | 'video') => ({ kind, enabled: true, stop() {} });
  return {
    RTCPeerConnection: LoopbackPeerConnection as unknown as typeof RTCPeerConnection,
    mediaDevices: {
      async getUserMedia(constraints?: MediaStreamConstraints) {
        const tracks = [track('audio'), ...(constraints?.video ? [track('video')] : [])];
        return {
          getTracks: () => tracks,
          getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
          getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
          addTrack: (t: (typeof tracks)[number]) => tracks.push(t),
          removeTrack: () => undefined,
        } as unknown as MediaStream;
      },
      async enumerateDevices() {
        return [];
      },
    },
  };
}
