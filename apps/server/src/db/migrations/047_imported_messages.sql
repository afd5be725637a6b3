-- Messages moved from another system by the REST API (importmsg, import_group_msg): clients file
-- them as history, never as news. NULL for every message sent live, which writes nothing more.
ALTER TABLE messages ADD COLUMN imported boolean;
