import type { CallMediaType, CallSignal, IceServer } from '@liaison/protocol';
import type { Logger } from '../core/logger';
import type { EmitCallEvent } from './call-emitter';
import { CALL_EVENT, type CallMediaFailure, type NetworkQuality, type WebRTCEnvironment } from './call-types';
import { LocalMedia } from './local-media';
import { mediaFailureOf } from './media-failure';
import { type LinkSample, networkQuality } from './network-quality';
import { PeerLink } from './peer-link';

export const NETWORK_QUALITY_INTERVAL_MS = 2_000;

/**
 * The browser's WebRTC, as the engine will use it: the given environment; null for signalling
 * only (told so, or not in a browser: Node); 'unsupported' for a browser without
 * RTCPeerConnection (missing or turned off) or one that cannot capture (no mediaDevices: a page
 * served over plain http).
 */
export function detectWebRTC(given: WebRTCEnvironment | null | undefined): WebRTCEnvironment | 'unsupported' | null {
  if (given !== undefined) return given;
  // Outside a browser (Node: tests, bots) there is no media to expect; in a browser, no
  // RTCPeerConnection means WebRTC is missing or turned off, which the call must say.
  const isBrowser = typeof globalThis.window !== 'undefined' && typeof globalThis.document !== 'undefined';
  if (typeof globalThis.RTCPeerConnection !== 'function') return isBrowser ? 'unsupported' : null;
  const mediaDevices = globalThis.navigator?.mediaDevices;
  if (typeof mediaDevices?.getUserMedia !== 'function') return 'unsupported';
  return { RTCPeerConnection: globalThis.RTCPeerConnection, mediaDevices };
}

export interface CallMediaOptions {
  env: WebRTCEnvironment;
  /** ICE servers for this call (TURN credentials are short-lived: asked for per call). */
  iceServers(): Promise<IceServer[]>;
  send(toUserID: string, signal: CallSignal): Promise<void>;
  emit: EmitCallEvent;
  /** A peer's connection failed and did not come back; its link is closed already. */
  onPeerLost(userID: string): void;
  logger: Logger;
}

/** What the e2e reads of each peer connection (window.__liaisonCallStats). */
export interface PeerStats {
  userID: string;
  connectionState: string;
  framesDecoded: number;
}

/**
 * The media of one call on this tab: my microphone and camera, and a full mesh of
 * RTCPeerConnections, one per other joined participant.
 *
 * Who offers: of every two joined participants, the one who joined first (participant joinedAt;
 * on a tie the smaller userID) offers and the other answers. Both sides read the same server
 * snapshot, so exactly one side offers and offers never cross (no glare); the engine calls
 * connectTo for the peers this tab offers to, and links to the others open on their first signal.
 */
export class CallMedia {
  private local: LocalMedia | null = null;
  private iceServers: IceServer[] = [];
  /** Settles once acquire has finished: true with local media ready, false if it failed or the call closed. */
  private readonly ready: Promise<boolean>;
  private settleReady: (ok: boolean) => void = () => undefined;
  private readonly links = new Map<string, PeerLink>();
  /** Peers that left: their late signals must not open a new link. */
  private readonly gone = new Set<string>();
  private readonly samples = new Map<string, LinkSample>();
  private qualityTimer: ReturnType<typeof setInterval> | null = null;
  private micEnabled = true;
  private cameraEnabled = true;
  private closed = false;

  constructor(private readonly options: CallMediaOptions) {
    this.ready = new Promise((resolve) => {
      this.settleReady = resolve;
    });
  }

  /** Opens the microphone (and camera for video); resolves with why it could not, or null. */
  async acquire(type: CallMediaType): Promise<CallMediaFailure | null> {
    try {
      const [local, iceServers] = await Promise.all([
        LocalMedia.acquire(this.options.env.mediaDevices, type),
        this.options.iceServers().catch((error) => {
          this.options.logger.warn('no ICE configuration: only direct connections will work', error);
          return [];
        }),
      ]);
      if (this.closed) {
        local.stop();
        return null;
      }
      local.setMicEnabled(this.micEnabled);
      local.setCameraEnabled(this.cameraEnabled);
      this.local = local;
      this.iceServers = iceServers;
      this.options.emit(CALL_EVENT.LOCAL_STREAM, { stream: local.stream });
      this.qualityTimer = setInterval(() => {
        this.reportQuality().catch((error) => this.options.logger.warn('call stats unreadable', error));
      }, NETWORK_QUALITY_INTERVAL_MS);
      this.settleReady(true);
      return null;
    } catch (error) {
      this.settleReady(false);
      return this.closed ? null : mediaFailureOf(error);
    }
  }

  /** Offers to a peer (I joined before them), once my media is ready. */
  connectTo(userID: string): void {
    this.gone.delete(userID);
    void this.ready.then((ok) => {
      if (!ok || this.closed || this.gone.has(userID) || this.links.has(userID)) return;
      this.openLink(userID, true).offer();
    });
  }

  handleSignal(fromUserID: string, signal: CallSignal): void {
    if (this.gone.has(fromUserID)) return;
    void this.ready.then((ok) => {
      if (!ok || this.closed || this.gone.has(fromUserID)) return;
      (this.links.get(fromUserID) ?? this.openLink(fromUserID, false)).handleSignal(signal);
    });
  }

  /** Closes the links to everyone not in the call any more. */
  keepOnly(userIDs: readonly string[]): void {
    for (const userID of [...this.links.keys()]) if (!userIDs.includes(userID)) this.disconnect(userID);
  }

  disconnect(userID: string): void {
    this.gone.add(userID);
    this.links.get(userID)?.close();
    this.links.delete(userID);
    this.samples.delete(userID);
  }

  setMicEnabled(enabled: boolean): void {
    this.micEnabled = enabled;
    this.local?.setMicEnabled(enabled);
  }

  /** Camera on again after a switch to voice opens the camera anew. */
  async setCameraEnabled(enabled: boolean): Promise<void> {
    this.cameraEnabled = enabled;
    const local = this.local;
    if (!local) return;
    if (enabled && local.isVideoCall && !local.videoTrack()) await this.putVideoTrack(await local.startCamera());
    else local.setCameraEnabled(enabled);
  }

  async stopCamera(): Promise<void> {
    this.cameraEnabled = false;
    if (!this.local) return;
    this.local.stopCamera();
    await this.putVideoTrack(null);
  }

  async switchCamera(): Promise<void> {
    const track = await this.local?.switchCamera();
    if (track) await this.putVideoTrack(track);
  }

  /** After the signalling socket reconnected: failed connections get another ICE restart. */
  repair(): void {
    for (const link of this.links.values()) link.repair();
  }

  async getStats(): Promise<PeerStats[]> {
    return Promise.all(
      [...this.links.values()].map(async (link) => ({
        userID: link.userID,
        connectionState: link.connectionState,
        framesDecoded: (await link.sample()).framesDecoded,
      })),
    );
  }

  /** Stops everything: tracks, connections, the quality timer. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.settleReady(false);
    if (this.qualityTimer) clearInterval(this.qualityTimer);
    this.qualityTimer = null;
    for (const link of this.links.values()) link.close();
    this.links.clear();
    this.samples.clear();
    if (this.local) {
      this.local.stop();
      this.options.emit(CALL_EVENT.LOCAL_STREAM, { stream: null });
    }
    this.local = null;
  }

  private openLink(userID: string, isOfferer: boolean): PeerLink {
    const { env, emit, logger } = this.options;
    const local = this.local;
    if (!local) throw new Error('call media: a link opened before the local media');
    const link = new PeerLink({
      userID,
      isOfferer,
      connection: new env.RTCPeerConnection({ iceServers: this.iceServers }),
      local,
      send: (signal) => this.options.send(userID, signal),
      onRemoteStream: (stream) => emit(CALL_EVENT.REMOTE_STREAM, { userID, stream }),
      onGiveUp: () => {
        this.disconnect(userID);
        this.options.onPeerLost(userID);
      },
      logger,
    });
    this.links.set(userID, link);
    return link;
  }

  private async putVideoTrack(track: MediaStreamTrack | null): Promise<void> {
    await Promise.all([...this.links.values()].map((link) => link.replaceVideoTrack(track)));
  }

  private async reportQuality(): Promise<void> {
    const connected = [...this.links.values()].filter((link) => link.connectionState === 'connected');
    const report = await Promise.all(
      connected.map(async (link) => {
        const sample = await link.sample();
        const quality: NetworkQuality = networkQuality(this.samples.get(link.userID) ?? null, sample);
        this.samples.set(link.userID, sample);
        return { userID: link.userID, quality, roundTripMs: sample.roundTripMs };
      }),
    );
    if (!this.closed && report.length > 0) this.options.emit(CALL_EVENT.NETWORK_QUALITY, report);
  }
}
