-- Directory search and sorting. pg_trgm serves substring search on tens of thousands of
-- contacts; it is a trusted extension (PostgreSQL 13+), so a database owner may create it
-- without superuser rights. The two functions are IMMUTABLE wrappers (concat_ws and
-- array_to_string are only STABLE) so that migration 0003 can store their results in
-- generated columns: the text is computed once per write instead of once per row read.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_search_text(first_name text, last_name text, business_name text, company_name text, specialties text[])
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(concat_ws(' ', first_name, last_name, business_name, company_name, array_to_string(specialties, ' ')))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contact_sort_name(first_name text, last_name text, business_name text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(nullif(btrim(business_name), ''), concat_ws(' ', first_name, last_name)))
$$;
