CREATE TABLE "taxonomy_versions" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Custom (not generated): every write to categories or brands gives its table a new version. The
-- versions come from a sequence, so a value is never seen twice (not even after the tables are
-- wiped and seeded again), and any change of version means "rebuild".
CREATE SEQUENCE IF NOT EXISTS taxonomy_version_seq;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION taxonomy_versions_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO taxonomy_versions (table_name, version) VALUES (TG_TABLE_NAME, nextval('taxonomy_version_seq'))
  ON CONFLICT (table_name) DO UPDATE SET version = excluded.version;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER categories_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION taxonomy_versions_bump();
--> statement-breakpoint
CREATE TRIGGER brands_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION taxonomy_versions_bump();
--> statement-breakpoint
INSERT INTO taxonomy_versions (table_name, version)
SELECT t, nextval('taxonomy_version_seq') FROM (VALUES ('categories'), ('brands')) v(t)
ON CONFLICT (table_name) DO UPDATE SET version = excluded.version;
