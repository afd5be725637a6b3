import { type Call, CallMediaType } from '@liaison/protocol';
import { useCallText } from '../i18n/call-text';
import type { CallController } from './call-controller';
import { CallIcon, type CallIconName } from './icons';

export interface CallControlsProps {
  call: Call;
  me: string;
  controller: CallController;
  /** Whether I switched this video call to voice (my camera is off for good). */
  isAudioOnly: boolean;
}

/**
 * The call's buttons: microphone, camera, switch camera and switch to voice (video calls), and
 * hang up (which cancels while nobody has answered yet). Each is a real button with a label and
 * a tooltip, in tab order.
 */
export function CallControls({ call, me, controller, isAudioOnly }: CallControlsProps) {
  const t = useCallText();
  const self = call.participants.find((p) => p.userID === me);
  const isMicMuted = self?.micMuted ?? false;
  const isCameraOff = self?.cameraOff ?? false;
  const hasVideo = call.type === CallMediaType.VIDEO && !isAudioOnly;
  const isRingingOut = call.state === 'ringing';
  return (
    <div className="lc-call-controls" role="toolbar" aria-label={t('controls')}>
      <ControlButton
        icon={isMicMuted ? 'micOff' : 'mic'}
        label={t(isMicMuted ? 'unmuteMic' : 'muteMic')}
        isPressed={isMicMuted}
        onClick={() => controller.setMicMute(!isMicMuted)}
      />
      {hasVideo && (
        <>
          <ControlButton
            icon={isCameraOff ? 'cameraOff' : 'camera'}
            label={t(isCameraOff ? 'cameraOn' : 'cameraOff')}
            isPressed={isCameraOff}
            onClick={() => controller.setCameraOff(!isCameraOff)}
          />
          <ControlButton icon="switchCamera" label={t('switchCamera')} onClick={() => controller.switchCamera()} />
          <ControlButton icon="phone" label={t('switchToVoice')} onClick={() => controller.switchToAudio()} />
        </>
      )}
      <ControlButton
        icon="hangup"
        label={t(isRingingOut && call.inviterID === me ? 'cancel' : 'hangup')}
        className="lc-call-button--hangup"
        onClick={() => controller.hangup()}
      />
    </div>
  );
}

interface ControlButtonProps {
  icon: CallIconName;
  label: string;
  /** Drawn as switched off (the label already says what a press does). */
  isPressed?: boolean;
  className?: string;
  onClick(): void;
}

function ControlButton({ icon, label, isPressed, className, onClick }: ControlButtonProps) {
  return (
    <button
      type="button"
      className={`lc-call-button${className ? ` ${className}` : ''}${isPressed ? ' lc-call-button--off' : ''}`}
      aria-label={label}
      title={label}
      onClick={onClick}
    >
      <CallIcon name={icon} />
    </button>
  );
}
