-- access_log is append-only in the database too, as audit_log is (docs/decisions/026-access-log.md): a row
-- is never changed or deleted, and the table is never emptied, whoever connects. The one change let through
-- is the database's own: when an account or an application is deleted, the foreign keys' ON DELETE SET NULL
-- (a trigger of the database, so pg_trigger_depth() > 1 here) clear the row's pointer to it; every other
-- column stays as written, and the read stays recorded without the name.
-- contract: refuses UPDATE, DELETE and TRUNCATE of access_log, which no release makes (the code only inserts
-- and selects), so no running release is hurt.
CREATE FUNCTION "access_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND pg_trigger_depth() > 1
    AND (to_jsonb(NEW) - 'applicant_user_id' - 'application_id' - 'actor_user_id') = (to_jsonb(OLD) - 'applicant_user_id' - 'application_id' - 'actor_user_id')
    AND (NEW.applicant_user_id IS NULL OR NEW.applicant_user_id = OLD.applicant_user_id)
    AND (NEW.application_id IS NULL OR NEW.application_id = OLD.application_id)
    AND (NEW.actor_user_id IS NULL OR NEW.actor_user_id = OLD.actor_user_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'access_log is append-only';
END $$;--> statement-breakpoint
CREATE TRIGGER "access_log_no_change" BEFORE UPDATE OR DELETE ON "access_log" FOR EACH ROW EXECUTE FUNCTION "access_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "access_log_no_truncate" BEFORE TRUNCATE ON "access_log" FOR EACH STATEMENT EXECUTE FUNCTION "access_log_append_only"();
