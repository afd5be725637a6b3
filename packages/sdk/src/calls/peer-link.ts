import type { CallSignal } from '@liaison/protocol';
import type { Logger } from '../core/logger';
import type { LocalMedia } from './local-media';
import { type LinkSample, readSample } from './network-quality';

/** How long a failed connection may take to come back (after the ICE restart) before it is given up. */
export const LINK_GIVE_UP_MS = 10_000;

export interface PeerLinkOptions {
  userID: string;
  /** Did I make the offer (see the rule in call-media.ts)? Only the offerer restarts ICE. */
  isOfferer: boolean;
  connection: RTCPeerConnection;
  local: LocalMedia;
  send(signal: CallSignal): Promise<void>;
  onRemoteStream(stream: MediaStream | null): void;
  /** The connection failed and did not come back. */
  onGiveUp(): void;
  logger: Logger;
}

/**
 * One RTCPeerConnection to one other participant: the offer or answer, trickle ICE (candidates
 * that arrive before the remote description wait for it), one ICE restart when the connection
 * fails, and the remote stream.
 */
export class PeerLink {
  private readonly pc: RTCPeerConnection;
  /** Signals are applied one at a time, in arrival order: each step awaits the one before. */
  private receiving: Promise<void> = Promise.resolve();
  /** Sent one at a time so that the offer reaches the peer before its candidates. */
  private sending: Promise<void> = Promise.resolve();
  private readonly earlyCandidates: RTCIceCandidateInit[] = [];
  private remoteStream: MediaStream | null = null;
  private hasLocalTracks = false;
  private restarted = false;
  private giveUpTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: PeerLinkOptions) {
    this.pc = options.connection;
    this.pc.onicecandidate = (event) => {
      const candidate = event.candidate;
      // null (and an empty candidate) is the end of gathering, which the peer does not need.
      if (!candidate?.candidate) return;
      this.send({
        kind: 'candidate',
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      });
    };
    this.pc.ontrack = (event) => {
      const [stream] = event.streams;
      if (!stream || stream === this.remoteStream) return;
      this.remoteStream = stream;
      options.onRemoteStream(stream);
    };
    this.pc.onconnectionstatechange = () => this.handleConnectionState();
  }

  get userID(): string {
    return this.options.userID;
  }

  get connectionState(): RTCPeerConnectionState {
    return this.pc.connectionState;
  }

  /**
   * The offerer's side: a transceiver per kind even when my track is missing (camera stopped), so
   * that the peer can still send me its video.
   */
  offer(): void {
    const { local } = this.options;
    const init: RTCRtpTransceiverInit = { direction: 'sendrecv', streams: [local.stream] };
    this.pc.addTransceiver(local.audioTrack() ?? 'audio', init);
    if (local.isVideoCall) this.pc.addTransceiver(local.videoTrack() ?? 'video', init);
    this.hasLocalTracks = true;
    this.enqueue(() => this.sendOffer(false));
  }

  handleSignal(signal: CallSignal): void {
    this.enqueue(async () => {
      if (signal.kind === 'offer') await this.answer(signal.sdp);
      else if (signal.kind === 'answer') {
        if (this.pc.signalingState !== 'have-local-offer') return;
        await this.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
        await this.addEarlyCandidates();
      } else {
        const candidate = { candidate: signal.candidate, sdpMid: signal.sdpMid, sdpMLineIndex: signal.sdpMLineIndex };
        if (this.pc.remoteDescription) await this.pc.addIceCandidate(candidate);
        else this.earlyCandidates.push(candidate);
      }
    });
  }

  /** Puts a new (or no) camera track on the video sender without renegotiating. */
  async replaceVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    const senders = this.pc
      .getTransceivers()
      .filter((transceiver) => transceiver.receiver.track.kind === 'video')
      .map((transceiver) => transceiver.sender);
    await Promise.all(senders.map((sender) => sender.replaceTrack(track)));
  }

  /** After a reconnect of the signalling socket: a connection that failed meanwhile gets another restart. */
  repair(): void {
    if (this.pc.connectionState !== 'failed') return;
    this.restarted = false;
    this.handleConnectionState();
  }

  async sample(): Promise<LinkSample> {
    const report = await this.pc.getStats();
    const stats: unknown[] = [];
    report.forEach((entry) => {
      stats.push(entry);
    });
    return readSample(stats);
  }

  close(): void {
    this.clearGiveUp();
    this.pc.onicecandidate = null;
    this.pc.ontrack = null;
    this.pc.onconnectionstatechange = null;
    this.pc.close();
    if (this.remoteStream) this.options.onRemoteStream(null);
    this.remoteStream = null;
  }

  private async answer(sdp: string): Promise<void> {
    // Every offer after the first is an ICE restart on this same connection.
    await this.pc.setRemoteDescription({ type: 'offer', sdp });
    if (!this.hasLocalTracks) {
      // addTrack after the remote offer reuses the transceivers the offer created (MDN "Signaling
      // and video calling"); with my camera stopped the video one only receives.
      const { stream } = this.options.local;
      for (const track of stream.getTracks()) this.pc.addTrack(track, stream);
      this.hasLocalTracks = true;
    }
    await this.addEarlyCandidates();
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    if (answer.sdp) this.send({ kind: 'answer', sdp: answer.sdp });
  }

  private async sendOffer(iceRestart: boolean): Promise<void> {
    const offer = await this.pc.createOffer({ iceRestart });
    await this.pc.setLocalDescription(offer);
    if (offer.sdp) this.send({ kind: 'offer', sdp: offer.sdp });
  }

  private async addEarlyCandidates(): Promise<void> {
    for (const candidate of this.earlyCandidates.splice(0)) await this.pc.addIceCandidate(candidate);
  }

  private handleConnectionState(): void {
    const state = this.pc.connectionState;
    if (state === 'connected') this.clearGiveUp();
    if (state !== 'failed') return;
    if (this.options.isOfferer && !this.restarted && this.pc.signalingState === 'stable') {
      this.restarted = true;
      this.enqueue(() => this.sendOffer(true));
    }
    // The answerer waits for the offerer's restart; either way the link gets one more chance.
    this.giveUpTimer ??= setTimeout(() => {
      this.giveUpTimer = null;
      if (this.pc.connectionState !== 'connected') this.options.onGiveUp();
    }, LINK_GIVE_UP_MS);
  }

  private clearGiveUp(): void {
    if (this.giveUpTimer) clearTimeout(this.giveUpTimer);
    this.giveUpTimer = null;
  }

  private send(signal: CallSignal): void {
    // A refused relay (the peer left meanwhile) is not this link's concern: their 'left' closes it.
    this.sending = this.sending
      .then(() => this.options.send(signal))
      .catch((error) => this.options.logger.warn(`call signal to ${this.userID} not relayed`, error));
  }

  private enqueue(step: () => Promise<void>): void {
    // A bad remote description or candidate must not stall the signals after it.
    this.receiving = this.receiving
      .then(step)
      .catch((error) => this.options.logger.warn(`call signal from ${this.userID} not applied`, error));
  }
}
