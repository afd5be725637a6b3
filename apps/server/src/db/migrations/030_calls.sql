-- Voice and video calls (docs/calls.md): the server owns each call's state, shared by every
-- process through the database; signalling itself goes over the bus and is never stored.
CREATE TABLE calls (
  call_id       text PRIMARY KEY,
  -- 1 voice, 2 video
  type          smallint NOT NULL CHECK (type IN (1, 2)),
  group_id      text,
  inviter_id    text NOT NULL,
  state         text NOT NULL CHECK (state IN ('ringing', 'connected', 'ended')),
  created_at    bigint NOT NULL,
  connected_at  bigint,
  ended_at      bigint,
  end_reason    text CHECK (end_reason IN ('ended', 'cancelled', 'declined', 'busy', 'noAnswer', 'failed')),
  -- when an unanswered invite times out ('noAnswer'); any process may end it then
  ring_deadline bigint NOT NULL
);
-- Calls still going, for the sweeper and for 'busy'.
CREATE INDEX calls_live ON calls (ring_deadline) WHERE state <> 'ended';
CREATE INDEX calls_group_live ON calls (group_id) WHERE state <> 'ended' AND group_id IS NOT NULL;

CREATE TABLE call_participants (
  call_id     text NOT NULL REFERENCES calls (call_id) ON DELETE CASCADE,
  user_id     text NOT NULL,
  -- order in the call: the caller 0, then invitees in invite order
  position    smallint NOT NULL,
  state       text NOT NULL CHECK (state IN ('invited', 'joined', 'declined', 'busy', 'noAnswer', 'left', 'cancelled')),
  invited_at  bigint NOT NULL,
  joined_at   bigint,
  -- the server process and connection of the tab that joined: signals go only there, and the
  -- call ends for a participant whose connection drops
  session_key text,
  mic_muted   boolean NOT NULL DEFAULT false,
  camera_off  boolean NOT NULL DEFAULT false,
  PRIMARY KEY (call_id, user_id)
);
-- 'Is this user in a call or ringing?' (busy, already in a call).
CREATE INDEX call_participants_live_user ON call_participants (user_id) WHERE state IN ('invited', 'joined');
