ALTER TABLE "conversations" ADD COLUMN "order_logistic_type" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "order_shipment_status" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "order_has_claim" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "order_has_return" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "order_movement_assigned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The order's list-filter attributes live on each conversation too, kept by the triggers below.
CREATE OR REPLACE FUNCTION conversations_copy_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT o.logistic_type, o.shipment_status, o.claim_status IS NOT NULL,
         coalesce(string_to_array(o.status, ',') @> array['returns'], false), o.intelisis_movement IS NOT NULL
    INTO NEW.order_logistic_type, NEW.order_shipment_status, NEW.order_has_claim, NEW.order_has_return, NEW.order_movement_assigned
    FROM orders o WHERE o.id = NEW.order_id;
  IF NOT FOUND THEN
    NEW.order_logistic_type := NULL;
    NEW.order_shipment_status := NULL;
    NEW.order_has_claim := false;
    NEW.order_has_return := false;
    NEW.order_movement_assigned := false;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_copy_order BEFORE INSERT OR UPDATE OF order_id ON conversations FOR EACH ROW EXECUTE FUNCTION conversations_copy_order();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION conversations_follow_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE conversations SET order_logistic_type = NULL, order_shipment_status = NULL, order_has_claim = false,
      order_has_return = false, order_movement_assigned = false;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE conversations c SET order_logistic_type = NULL, order_shipment_status = NULL, order_has_claim = false,
      order_has_return = false, order_movement_assigned = false
      FROM old_rows o WHERE c.order_id = o.id;
  ELSE
    UPDATE conversations c SET order_logistic_type = d.logistic_type, order_shipment_status = d.shipment_status,
      order_has_claim = d.has_claim, order_has_return = d.has_return, order_movement_assigned = d.assigned
      FROM (SELECT o.id, o.logistic_type, o.shipment_status, o.claim_status IS NOT NULL AS has_claim,
                   coalesce(string_to_array(o.status, ',') @> array['returns'], false) AS has_return,
                   o.intelisis_movement IS NOT NULL AS assigned
              FROM new_rows o) d
     WHERE c.order_id = d.id
       AND (c.order_logistic_type, c.order_shipment_status, c.order_has_claim, c.order_has_return, c.order_movement_assigned)
           IS DISTINCT FROM (d.logistic_type, d.shipment_status, d.has_claim, d.has_return, d.assigned);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER conversations_follow_orders_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_follow_orders();
--> statement-breakpoint
CREATE TRIGGER conversations_follow_orders_update AFTER UPDATE ON orders REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_follow_orders();
--> statement-breakpoint
CREATE TRIGGER conversations_follow_orders_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION conversations_follow_orders();
--> statement-breakpoint
CREATE TRIGGER conversations_follow_orders_truncate AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION conversations_follow_orders();
--> statement-breakpoint
UPDATE conversations c SET order_logistic_type = o.logistic_type, order_shipment_status = o.shipment_status,
  order_has_claim = o.claim_status IS NOT NULL, order_has_return = coalesce(string_to_array(o.status, ',') @> array['returns'], false),
  order_movement_assigned = o.intelisis_movement IS NOT NULL
  FROM orders o WHERE o.id = c.order_id;
--> statement-breakpoint
CREATE INDEX "conversations_logistic_idx" ON "conversations" USING btree ("order_logistic_type","last_message_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_shipment_idx" ON "conversations" USING btree ("order_shipment_status","last_message_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_claim_idx" ON "conversations" USING btree ("last_message_date" DESC NULLS LAST) WHERE "conversations"."order_has_claim";--> statement-breakpoint
CREATE INDEX "conversations_return_idx" ON "conversations" USING btree ("last_message_date" DESC NULLS LAST) WHERE "conversations"."order_has_return";--> statement-breakpoint
CREATE INDEX "conversations_unassigned_idx" ON "conversations" USING btree ("last_message_date" DESC NULLS LAST) WHERE not "conversations"."order_movement_assigned";