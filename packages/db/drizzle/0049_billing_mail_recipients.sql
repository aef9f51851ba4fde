ALTER TABLE "business_people" ADD COLUMN "receives_billing_mail" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An issued invoice keeps naming its business, except when staff merge that business into
-- another (docs/decisions/0124-merging-businesses.md): the merge's transaction says so with
-- the transaction-local setting chamber.merging_business, and the invoice's printed bill-to
-- stays as issued.
CREATE OR REPLACE FUNCTION "invoice_is_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'invoice_lines' THEN
    RAISE EXCEPTION 'invoice lines cannot change once issued' USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.number IS DISTINCT FROM OLD.number OR NEW.year IS DISTINCT FROM OLD.year
     OR NEW.sequence IS DISTINCT FROM OLD.sequence OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.purpose IS DISTINCT FROM OLD.purpose OR NEW.purpose_detail IS DISTINCT FROM OLD.purpose_detail
     OR NEW.contact_id IS DISTINCT FROM OLD.contact_id AND NEW.contact_id IS NOT NULL
       AND coalesce(current_setting('chamber.merging_business', true), '') <> 'on'
     OR NEW.bill_to IS DISTINCT FROM OLD.bill_to OR NEW.currency IS DISTINCT FROM OLD.currency
     OR NEW.total_cents IS DISTINCT FROM OLD.total_cents OR NEW.issued_on IS DISTINCT FROM OLD.issued_on
     OR NEW.due_on IS DISTINCT FROM OLD.due_on
     OR (OLD.status = 'void' AND NEW.status IS DISTINCT FROM 'void') THEN
    RAISE EXCEPTION 'an issued invoice cannot change (void it and issue another)' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
