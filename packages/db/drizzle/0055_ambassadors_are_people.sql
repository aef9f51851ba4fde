-- Ambassadors are people, not businesses: each business that was one is now its primary person.
ALTER TABLE "celebration_ambassadors" DROP CONSTRAINT "celebration_ambassadors_contact_id_contacts_id_fk";--> statement-breakpoint
ALTER TABLE "celebration_ambassadors" ADD COLUMN "person_id" uuid;--> statement-breakpoint
UPDATE "celebration_ambassadors" a SET "person_id" = p."id" FROM "business_people" p WHERE p."contact_id" = a."contact_id" AND p."role" = 'primary';--> statement-breakpoint
DELETE FROM "celebration_ambassadors" WHERE "person_id" IS NULL;--> statement-breakpoint
ALTER TABLE "celebration_ambassadors" DROP COLUMN "contact_id";--> statement-breakpoint
ALTER TABLE "celebration_ambassadors" ADD PRIMARY KEY ("person_id");--> statement-breakpoint
ALTER TABLE "celebration_ambassadors" ADD CONSTRAINT "celebration_ambassadors_person_id_business_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."business_people"("id") ON DELETE cascade ON UPDATE no action;
