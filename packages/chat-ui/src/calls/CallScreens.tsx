import type { Call } from '@liaison/protocol';
import { CallWindow } from './CallWindow';
import type { CallController, CallView } from './call-controller';
import { IncomingCallDialog } from './IncomingCallDialog';

export interface CallScreensProps {
  call: Call;
  phase: CallView['phase'];
  controller: CallController;
}

/**
 * A live call's screens: the ringing dialog, or the call window (or its minimised form). Loaded
 * apart from the kit (CallLayer fetches them when a call first rings or starts here).
 */
export function CallScreens({ call, phase, controller }: CallScreensProps) {
  if (phase === 'incoming') return <IncomingCallDialog key={call.callID} call={call} controller={controller} />;
  if (phase === 'outgoing' || phase === 'inCall') return <CallWindow call={call} controller={controller} />;
  return null;
}
