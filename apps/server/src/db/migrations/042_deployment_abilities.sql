-- Issue 27: the operator's deployment switches (im/deployment/). One row per capability an admin
-- has set on the admin screen; a capability without a row takes its environment default.
CREATE TABLE deployment_abilities (
  ability    text PRIMARY KEY,
  enabled    boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
