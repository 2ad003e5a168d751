-- Custom: every write to the tables the app keeps reads of on the embedded database (a session and
-- its user, the feeds' state) is announced on the channel kept_reads (payload: the table). That
-- database serves one process, which keeps what it read and forgets it on the announcement,
-- delivered at the writer's commit (server/db/kept-reads.ts). PostgreSQL ignores it when nobody listens.
CREATE OR REPLACE FUNCTION kept_reads_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('kept_reads', TG_TABLE_NAME);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION kept_reads_notify();
--> statement-breakpoint
CREATE TRIGGER users_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION kept_reads_notify();
--> statement-breakpoint
CREATE TRIGGER feed_state_kept_reads AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feed_state
  FOR EACH STATEMENT EXECUTE FUNCTION kept_reads_notify();
