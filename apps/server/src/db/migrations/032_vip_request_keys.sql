-- A points purchase may carry the key the web app makes per confirmed purchase: a repeated
-- request with the same key answers the first order instead of charging again.
ALTER TABLE portal_vip_orders ADD COLUMN request_key text;
CREATE UNIQUE INDEX portal_vip_orders_request_key ON portal_vip_orders (user_id, request_key)
  WHERE request_key IS NOT NULL;
