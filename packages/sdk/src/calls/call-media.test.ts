import { afterEach, describe, expect, it, vi } from 'vitest';
import { detectWebRTC } from './call-media';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('which WebRTC a call engine gets', () => {
  it('does signalling only outside a browser, or when told to', () => {
    expect(detectWebRTC(undefined)).toBeNull();
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(detectWebRTC(null)).toBeNull();
  });

  it('calls a browser without RTCPeerConnection unsupported, so its calls fail and the record says why', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    expect(detectWebRTC(undefined)).toBe('unsupported');
  });

  it('calls a browser that cannot capture (no mediaDevices: plain http) unsupported', () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    vi.stubGlobal('RTCPeerConnection', class {});
    vi.stubGlobal('navigator', {});
    expect(detectWebRTC(undefined)).toBe('unsupported');
  });

  it('uses the browser’s RTCPeerConnection and mediaDevices when both are there', () => {
    class PeerConnection {}
    const mediaDevices = { getUserMedia: async () => null, enumerateDevices: async () => [] };
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', {});
    vi.stubGlobal('RTCPeerConnection', PeerConnection);
    vi.stubGlobal('navigator', { mediaDevices });
    expect(detectWebRTC(undefined)).toEqual({ RTCPeerConnection: PeerConnection, mediaDevices });
  });
});
