CREATE TABLE "event_ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" uuid NOT NULL,
	"name" text NOT NULL,
	"member_price_cents" integer,
	"price_cents" integer,
	"quantity" integer,
	"sold" integer DEFAULT 0 NOT NULL,
	"sales_open_at" timestamp with time zone,
	"sales_close_at" timestamp with time zone,
	"per_order_limit" integer DEFAULT 10 NOT NULL,
	"seats_per_ticket" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_ticket_types_seats_check" CHECK ("event_ticket_types"."seats_per_ticket" between 1 and 100),
	CONSTRAINT "event_ticket_types_limit_check" CHECK ("event_ticket_types"."per_order_limit" between 1 and 100),
	CONSTRAINT "event_ticket_types_sold_check" CHECK ("event_ticket_types"."sold" >= 0 and ("event_ticket_types"."quantity" is null or "event_ticket_types"."sold" <= "event_ticket_types"."quantity")),
	CONSTRAINT "event_ticket_types_window_check" CHECK ("event_ticket_types"."sales_open_at" is null or "event_ticket_types"."sales_close_at" is null or "event_ticket_types"."sales_open_at" < "event_ticket_types"."sales_close_at")
);
--> statement-breakpoint
ALTER TABLE "event_ticket_types" ADD CONSTRAINT "event_ticket_types_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "event_ticket_types_event_idx" ON "event_ticket_types" USING btree ("event_id","sort_order");