-- A call that ended 'failed' (docs/calls.md): why the side that failed could not do media, and
-- who that was (the participant whose hang-up with reason 'failed' ended it). Null otherwise.
ALTER TABLE calls
  ADD COLUMN failure text CHECK (failure IN ('permissionDenied', 'noDevice', 'webrtcUnsupported', 'connectionFailed')),
  ADD COLUMN failed_user_id text;
