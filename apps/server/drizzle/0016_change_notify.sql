-- Rows that server instances keep in memory announce their changes: the trigger notifies the channel
-- hearth_changed with '<table>:<key>' (TG_ARGV[0] names the key column), delivered at commit to every
-- connection that listens (each instance's change feed, kernel/change-feed.ts), whoever wrote the row:
-- the app in or outside a transaction, another instance, a command, an operator's SQL.
CREATE FUNCTION hearth_notify_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('hearth_changed', TG_TABLE_NAME || ':' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  ELSE
    PERFORM pg_notify('hearth_changed', TG_TABLE_NAME || ':' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_changed('id');
--> statement-breakpoint
-- What a chat reply reads of its character; not the counters every reply, rating and favorite moves.
CREATE TRIGGER characters_changed AFTER UPDATE OF creator_user_id, name, greeting, persona, scenario,
  dialogue, visibility, definition_visible, is_nsfw, is_underage, is_deleted, moderation_status,
  card_extras, updated_at OR DELETE ON characters
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_changed('id');
--> statement-breakpoint
CREATE TRIGGER personas_changed AFTER INSERT OR UPDATE OR DELETE ON personas
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER blocked_creators_changed AFTER INSERT OR UPDATE OR DELETE ON blocked_creators
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_changed('user_id');
--> statement-breakpoint
CREATE TRIGGER lorebooks_changed AFTER INSERT OR UPDATE OR DELETE ON lorebooks
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_changed('user_id');
