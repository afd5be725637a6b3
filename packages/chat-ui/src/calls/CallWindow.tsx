import { type Call, CallLimits, CallMediaType } from '@liaison/protocol';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import { useKit } from '../core/kit-context';
import { useCallText } from '../i18n/call-text';
import { CallControls } from './CallControls';
import { CallTile, type CallTileProps, StreamVideo } from './CallTile';
import type { CallController } from './call-controller';
import { CallIcon } from './icons';
import { useCallView, useGroupName, usePeople } from './use-call';
import { useCallDuration } from './use-duration';

/**
 * The call while it rings out and once connected: the people (one-to-one video: the other person
 * large and my preview small; a group: a grid of up to 9 tiles; voice: avatars), the state line
 * ('Calling…', 'Waiting for X to answer', or the running time), and the controls. It can be
 * minimised to a small floating window the user drags aside to keep chatting; a click on that
 * window brings the call back. On phones the call takes the whole screen.
 */
export function CallWindow({ call, controller }: { call: Call; controller: CallController }) {
  const { chat, isH5 } = useKit();
  const t = useCallText();
  const me = chat.getLoginUser();
  const isMinimised = useCallView((view) => view.isMinimised);
  const isAudioOnly = useCallView((view) => view.isAudioOnly);
  const localStream = useCallView((view) => view.localStream);
  const remoteStreams = useCallView((view) => view.remoteStreams);
  const quality = useCallView((view) => view.quality);
  const duration = useCallDuration(call.connectedAt);
  const frame = useRef<HTMLElement>(null);
  // The window (or its minimised form) takes the focus when it opens, so the keyboard is in the call.
  useEffect(() => {
    if (!isMinimised) frame.current?.focus();
  }, [isMinimised]);
  const shown = call.participants
    .filter((p) => p.state === 'joined' || p.state === 'invited')
    .slice(0, CallLimits.MAX_PARTICIPANTS);
  const people = usePeople(call.participants.map((p) => p.userID));
  const groupName = useGroupName(call.groupID);
  const others = shown.filter((p) => p.userID !== me);
  const firstOther = others[0];
  const otherName = firstOther ? (people.get(firstOther.userID)?.name ?? firstOther.userID) : '';
  const title = call.groupID ? groupName || t('groupCall') : t('callWith', { name: otherName });
  const isVideo = call.type === CallMediaType.VIDEO;
  const hasVideo = isVideo && !isAudioOnly;

  const tileOf = (userID: string): CallTileProps => {
    const participant = call.participants.find((p) => p.userID === userID);
    const person = people.get(userID);
    const isMe = userID === me;
    return {
      name: isMe ? t('you') : (person?.name ?? userID),
      avatar: person?.avatar ?? '',
      // A voice call's streams carry sound only: a video element for one would be a black tile.
      stream: !hasVideo ? null : isMe ? localStream : (remoteStreams.get(userID) ?? null),
      // A voice call has no cameras to mark.
      isCameraOff: isVideo && (participant?.cameraOff ?? false),
      isMicMuted: participant?.micMuted ?? false,
      isLocal: isMe,
      ...(isMe || participant?.state !== 'joined' ? {} : { quality: quality.get(userID) ?? 0 }),
      isWaiting: participant?.state === 'invited',
    };
  };

  const status =
    call.state === 'connected'
      ? duration
      : call.inviterID === me
        ? call.groupID
          ? t('waitingForGroup')
          : t('waitingFor', { name: otherName })
        : t('connecting');

  if (isMinimised) {
    const other = firstOther ? tileOf(firstOther.userID) : null;
    const floatingStream = other && isVideo && !other.isCameraOff ? other.stream : null;
    return (
      <FloatingCall
        label={`${t('restore')}: ${title} ${status}`}
        onRestore={() => controller.setMinimised(false)}
        stream={floatingStream}
        status={status}
      />
    );
  }

  const isOneToOneVideo = isVideo && call.groupID === null;
  return (
    <section
      ref={frame}
      tabIndex={-1}
      className={`lc-call-window${isH5 ? ' lc-call-window--h5' : ''}${isVideo ? ' lc-call-window--video' : ''}`}
      role="dialog"
      aria-label={title}
    >
      <header className="lc-call-window__header">
        <h2 className="lc-call-window__title">
          <bdi>{title}</bdi>
        </h2>
        <span
          className="lc-call-window__status"
          role="timer"
          aria-label={call.state === 'connected' ? t('duration', { duration }) : status}
        >
          {call.state === 'connected' ? duration : status}
        </span>
        <button
          type="button"
          className="lc-call-button lc-call-button--small"
          aria-label={t('minimise')}
          title={t('minimise')}
          onClick={() => controller.setMinimised(true)}
        >
          <CallIcon name="minimise" size={16} />
        </button>
      </header>
      {isOneToOneVideo ? (
        <div className="lc-call-stage lc-call-stage--pair">
          {firstOther && <CallTile {...tileOf(firstOther.userID)} className="lc-call-tile--main" />}
          <CallTile {...tileOf(me)} className="lc-call-tile--pip" />
        </div>
      ) : (
        <ul
          className={`lc-call-stage lc-call-stage--grid lc-call-stage--n${Math.min(shown.length, 9)}`}
          aria-label={t('participants')}
        >
          {shown.map((p) => (
            <li key={p.userID}>
              <CallTile {...tileOf(p.userID)} />
            </li>
          ))}
        </ul>
      )}
      {call.state !== 'connected' && call.inviterID === me && (
        <p className="lc-call-window__calling" role="status">
          {t('calling')}
        </p>
      )}
      <CallControls call={call} me={me} controller={controller} isAudioOnly={isAudioOnly} />
    </section>
  );
}

interface FloatingCallProps {
  label: string;
  status: string;
  /** The other person's video, when there is one to show. */
  stream: MediaStream | null;
  onRestore(): void;
}

/** Pixels a press may move and still count as a click (restore), not a drag. */
const DRAG_SLOP = 5;

/**
 * The minimised call: a small window at the bottom right the user can drag anywhere; a click (or
 * Enter on its button) returns to the call.
 */
function FloatingCall({ label, status, stream, onRestore }: FloatingCallProps) {
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const drag = useRef<{ startX: number; startY: number; fromX: number; fromY: number; moved: boolean } | null>(null);
  const restore = useRef<HTMLButtonElement>(null);
  useEffect(() => restore.current?.focus(), []);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    drag.current = { startX: event.clientX, startY: event.clientY, fromX: offset.x, fromY: offset.y, moved: false };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = drag.current;
    if (!state) return;
    const dx = event.clientX - state.startX;
    const dy = event.clientY - state.startY;
    if (!state.moved && Math.hypot(dx, dy) < DRAG_SLOP) return;
    state.moved = true;
    setOffset({ x: state.fromX + dx, y: state.fromY + dy });
  };
  const handlePointerUp = () => {
    // The click that follows a drag must not restore: the drag is forgotten only after it.
    setTimeout(() => {
      drag.current = null;
    });
  };

  return (
    <div
      className="lc-call-floating"
      style={{ transform: `translate(${offset.x}px, ${offset.y}px)` }}
      onPointerDown={handlePointerDown}
      onPointerMove={handlePointerMove}
      onPointerUp={handlePointerUp}
    >
      {stream && <StreamVideo stream={stream} />}
      <button
        ref={restore}
        type="button"
        className="lc-call-floating__restore"
        aria-label={label}
        title={label}
        onClick={() => {
          if (!drag.current?.moved) onRestore();
        }}
      >
        {!stream && <CallIcon name="phone" size={28} />}
        <span className="lc-call-floating__status">{status}</span>
      </button>
    </div>
  );
}
