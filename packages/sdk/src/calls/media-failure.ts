import { type ErrorBody, ErrorCode } from '@liaison/protocol';
import type { CallMediaFailure } from './call-types';

/**
 * getUserMedia's DOMException names (MDN "MediaDevices.getUserMedia() exceptions") as the
 * failures the kit explains. A device another application holds (NotReadableError) is as good as
 * no device to the user; anything unexpected is reported the same way.
 */
const FAILURE_BY_ERROR_NAME: Record<string, CallMediaFailure> = {
  NotAllowedError: 'permissionDenied',
  SecurityError: 'permissionDenied',
  NotFoundError: 'noDevice',
  OverconstrainedError: 'noDevice',
  NotReadableError: 'noDevice',
};

const MESSAGES: Record<CallMediaFailure, string> = {
  permissionDenied: 'The microphone or camera permission was denied',
  noDevice: 'No usable microphone or camera was found',
  webrtcUnsupported: 'This browser cannot make calls (WebRTC or media devices are unavailable)',
  connectionFailed: 'The media connection to the other side failed',
};

export function mediaFailureOf(error: unknown): CallMediaFailure {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  return FAILURE_BY_ERROR_NAME[name] ?? 'noDevice';
}

/** The ERROR event's data for a media failure. */
export function mediaFailureError(failure: CallMediaFailure): ErrorBody & { failure: CallMediaFailure } {
  return { code: ErrorCode.INTERNAL, message: MESSAGES[failure], failure };
}
