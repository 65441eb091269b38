-- Every change to a member's row is announced on the channel hearth_user_changed with the member's id,
-- delivered at commit to every connection that listens (each server instance's member cache), whoever
-- wrote it: the app in or outside a transaction, another instance, a command, an operator's SQL.
CREATE FUNCTION hearth_notify_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('hearth_user_changed', COALESCE(NEW.id, OLD.id)::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify_changed AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION hearth_notify_user_changed();
