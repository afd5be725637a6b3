import { CallMediaType } from '@liaison/protocol';
import type { WebRTCEnvironment } from './call-types';

type Devices = WebRTCEnvironment['mediaDevices'];

/** My microphone and (in a video call) camera, as one stream that every peer connection sends. */
export class LocalMedia {
  private constructor(
    readonly stream: MediaStream,
    readonly isVideoCall: boolean,
    private readonly devices: Devices,
  ) {}

  /** Rejects with getUserMedia's DOMException (see media-failure.ts). */
  static async acquire(devices: Devices, type: CallMediaType): Promise<LocalMedia> {
    const isVideoCall = type === CallMediaType.VIDEO;
    const stream = await devices.getUserMedia({ audio: true, video: isVideoCall });
    return new LocalMedia(stream, isVideoCall, devices);
  }

  audioTrack(): MediaStreamTrack | null {
    return this.stream.getAudioTracks()[0] ?? null;
  }

  videoTrack(): MediaStreamTrack | null {
    return this.stream.getVideoTracks()[0] ?? null;
  }

  /** A disabled track sends silence or black frames: the connection stays as it is. */
  setMicEnabled(enabled: boolean): void {
    for (const track of this.stream.getAudioTracks()) track.enabled = enabled;
  }

  setCameraEnabled(enabled: boolean): void {
    for (const track of this.stream.getVideoTracks()) track.enabled = enabled;
  }

  /**
   * The next camera (enumerateDevices order), or null with one camera or none. The current one
   * stops first: phones cannot open the front and back cameras at the same time.
   */
  async switchCamera(): Promise<MediaStreamTrack | null> {
    const current = this.videoTrack();
    if (!current) return null;
    const cameras = (await this.devices.enumerateDevices()).filter((device) => device.kind === 'videoinput');
    if (cameras.length < 2) return null;
    const currentID = current.getSettings().deviceId;
    const index = cameras.findIndex((device) => device.deviceId === currentID);
    const next = cameras[(index + 1) % cameras.length];
    if (!next) return null;
    this.removeVideo();
    try {
      return await this.openCamera(next.deviceId, current.enabled);
    } catch (error) {
      await this.openCamera(currentID, current.enabled).catch(() => undefined);
      throw error;
    }
  }

  /** Turns the camera off for real (its light goes out), for a switch to voice. */
  stopCamera(): void {
    this.removeVideo();
  }

  /** The camera again after stopCamera; the track already there otherwise. */
  async startCamera(): Promise<MediaStreamTrack> {
    return this.videoTrack() ?? this.openCamera(undefined, true);
  }

  stop(): void {
    for (const track of this.stream.getTracks()) track.stop();
  }

  private removeVideo(): void {
    for (const track of this.stream.getVideoTracks()) {
      track.stop();
      this.stream.removeTrack(track);
    }
  }

  private async openCamera(deviceId: string | undefined, enabled: boolean): Promise<MediaStreamTrack> {
    const opened = await this.devices.getUserMedia({ video: deviceId ? { deviceId: { exact: deviceId } } : true });
    const [track] = opened.getVideoTracks();
    if (!track) throw new DOMException('No camera track', 'NotFoundError');
    track.enabled = enabled;
    this.stream.addTrack(track);
    return track;
  }
}
