-- The directory's A-Z order starts at a name's first letter or digit: an emoji, a symbol or
-- punctuation in front ('🌮 Taco Tuesday', '"Best" Bakery') is passed over, where it sorted
-- before every letter. Letters of any script stay (Latin with accents, Greek, Cyrillic, CJK,
-- Hangul), so 'Éclair' still sorts by its É; a name of symbols only keeps them. The stored
-- sort names are then recomputed.
CREATE OR REPLACE FUNCTION contact_sort_name(first_name text, last_name text, business_name text)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(coalesce(nullif(regexp_replace(name, '^[^0-9A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0370-\u03FF\u0400-\u052F\u0590-\u06FF\u0900-\u0DFF\u0E00-\u0EFF\u1E00-\u1FFF\u3040-\u30FF\u3400-\u9FFF\uAC00-\uD7AF]+', ''), ''), name))
  FROM (SELECT coalesce(nullif(btrim(business_name), ''), concat_ws(' ', first_name, last_name)) AS name) AS n
$$;
--> statement-breakpoint
UPDATE "contacts" SET "first_name" = "first_name";
