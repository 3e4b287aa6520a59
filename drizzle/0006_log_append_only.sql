-- The transparency log is append-only (docs/decisions/010): the database itself refuses to change or remove a
-- leaf, a stored hash or a checkpoint, whatever the application or a console session tries. Works on PostgreSQL
-- and PGlite alike (plain PL/pgSQL triggers).
CREATE OR REPLACE FUNCTION log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the transparency log is append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER log_leaves_append_only BEFORE UPDATE OR DELETE ON "log_leaves"
  FOR EACH ROW EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER log_leaves_no_truncate BEFORE TRUNCATE ON "log_leaves"
  FOR EACH STATEMENT EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER log_hashes_append_only BEFORE UPDATE OR DELETE ON "log_hashes"
  FOR EACH ROW EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER log_hashes_no_truncate BEFORE TRUNCATE ON "log_hashes"
  FOR EACH STATEMENT EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER log_checkpoints_append_only BEFORE UPDATE OR DELETE ON "log_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
CREATE TRIGGER log_checkpoints_no_truncate BEFORE TRUNCATE ON "log_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION log_refuse_change();--> statement-breakpoint
-- The one head row every append locks.
INSERT INTO "log_head" ("id", "size", "frontier") VALUES (1, 0, '') ON CONFLICT DO NOTHING;
