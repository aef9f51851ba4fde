CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"parent_id" uuid,
	"position" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_categories" (
	"contact_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "contact_categories_contact_id_category_id_pk" PRIMARY KEY("contact_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_categories" ADD CONSTRAINT "contact_categories_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_categories" ADD CONSTRAINT "contact_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id","position");--> statement-breakpoint
CREATE INDEX "contact_categories_category_idx" ON "contact_categories" USING btree ("category_id","contact_id");--> statement-breakpoint
-- Directory pages and category pages are kept per data version: a change to the tree or to a
-- member's categories raises it.
CREATE CONSTRAINT TRIGGER "categories_data_version" AFTER INSERT OR UPDATE OR DELETE ON "categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "categories_data_version_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "contact_categories_data_version" AFTER INSERT OR UPDATE OR DELETE ON "contact_categories" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER "contact_categories_data_version_truncate" AFTER TRUNCATE ON "contact_categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version_now();
--> statement-breakpoint
-- The categories a small-town chamber starts from; staff edit them at /admin/categories.
INSERT INTO "categories" ("slug", "name", "description", "position") VALUES
  ('food-drink', 'Food & drink', 'Restaurants, cafés, bakeries, bars and caterers of the area.', 0),
  ('home-trades', 'Home & trades', 'Plumbers, electricians, builders and the other trades that keep homes standing.', 1),
  ('health-wellness', 'Health & wellness', 'Clinics, dentists, pharmacies, fitness and personal care.', 2),
  ('shopping-retail', 'Shopping & retail', 'Local shops: clothing, hardware, gifts, books and more.', 3),
  ('professional-services', 'Professional services', 'Accountants, lawyers, insurance, real estate, banking and marketing.', 4),
  ('automotive', 'Automotive', 'Repair shops, dealers and everything for the car.', 5),
  ('lodging-tourism', 'Lodging & tourism', 'Places to stay, things to see and venues for events.', 6),
  ('nonprofits-community', 'Non-profits & community', 'Charities, faith communities, civic groups and schools.', 7);
--> statement-breakpoint
INSERT INTO "categories" ("slug", "name", "description", "parent_id", "position")
SELECT c.slug, c.name, c.description, p.id, c.position
FROM (VALUES
  ('food-drink', 'restaurants', 'Restaurants', 'Sit-down restaurants, diners and family dining.', 0),
  ('food-drink', 'cafes-bakeries', 'Cafés & bakeries', 'Coffee, pastries and fresh bread.', 1),
  ('food-drink', 'bars-breweries', 'Bars & breweries', 'Pubs, taprooms, breweries and wine bars.', 2),
  ('food-drink', 'catering', 'Catering', 'Caterers for weddings, offices and events.', 3),
  ('food-drink', 'grocery-markets', 'Grocery & markets', 'Grocers, butchers, farm stands and markets.', 4),
  ('home-trades', 'plumbing', 'Plumbing', 'Plumbers for repairs, installations and emergencies.', 0),
  ('home-trades', 'electrical', 'Electrical', 'Electricians for homes and businesses.', 1),
  ('home-trades', 'builders-contractors', 'Builders & contractors', 'General contractors, remodeling and carpentry.', 2),
  ('home-trades', 'heating-cooling', 'Heating & cooling', 'Furnaces, air conditioning and ventilation.', 3),
  ('home-trades', 'landscaping', 'Landscaping & gardening', 'Lawn care, landscaping, tree and garden services.', 4),
  ('health-wellness', 'clinics-doctors', 'Clinics & doctors', 'Family practices, clinics and specialists.', 0),
  ('health-wellness', 'dental', 'Dental', 'Dentists and orthodontists.', 1),
  ('health-wellness', 'pharmacies', 'Pharmacies', 'Pharmacies and health supplies.', 2),
  ('health-wellness', 'fitness', 'Fitness', 'Gyms, yoga and fitness studios.', 3),
  ('health-wellness', 'salons-spas', 'Salons & spas', 'Hair, nails, massage and spas.', 4),
  ('shopping-retail', 'clothing', 'Clothing & shoes', 'Clothing, shoes and accessories.', 0),
  ('shopping-retail', 'hardware', 'Hardware & farm supply', 'Tools, building supplies and farm goods.', 1),
  ('shopping-retail', 'gifts-florists', 'Gifts & florists', 'Gift shops, florists and crafts.', 2),
  ('shopping-retail', 'books-music', 'Books & music', 'Bookstores, records and instruments.', 3),
  ('professional-services', 'accounting', 'Accounting & tax', 'Accountants, bookkeepers and tax preparers.', 0),
  ('professional-services', 'legal', 'Legal', 'Lawyers and notaries.', 1),
  ('professional-services', 'insurance', 'Insurance', 'Insurance agents and brokers.', 2),
  ('professional-services', 'real-estate', 'Real estate', 'Agents, brokers and property managers.', 3),
  ('professional-services', 'banking', 'Banks & credit unions', 'Banks, credit unions and financial advisers.', 4),
  ('professional-services', 'marketing-it', 'Marketing, design & IT', 'Marketing, printing, web design and computer help.', 5),
  ('automotive', 'auto-repair', 'Auto repair', 'Mechanics, body shops and tire service.', 0),
  ('automotive', 'car-dealers', 'Car dealers', 'New and used cars and trucks.', 1),
  ('lodging-tourism', 'hotels-inns', 'Hotels & inns', 'Hotels, motels, inns and bed & breakfasts.', 0),
  ('lodging-tourism', 'attractions', 'Attractions & recreation', 'Museums, outfitters, parks and tours.', 1),
  ('lodging-tourism', 'event-venues', 'Event venues', 'Halls, barns and rooms to rent for events.', 2),
  ('nonprofits-community', 'charities', 'Charities', 'Charities and foundations serving the area.', 0),
  ('nonprofits-community', 'faith', 'Faith communities', 'Churches and other places of worship.', 1),
  ('nonprofits-community', 'civic-clubs', 'Civic groups & clubs', 'Service clubs, associations and volunteers.', 2),
  ('nonprofits-community', 'education', 'Schools & education', 'Schools, tutoring, child care and libraries.', 3)
) AS c(parent, slug, name, description, position)
JOIN "categories" p ON p.slug = c.parent;
