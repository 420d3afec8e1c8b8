-- The handle rule reads letters as Unicode 14 does, on every database (decision 052). A name's
-- handle is made twice: here, for rows written without one, and by shared/catalogue/handles.ts
-- `handleFrom` in the app. Each decomposes with its own Unicode tables: PostgreSQL 15's are
-- version 14, PGlite's 16, Node 20's 17. The outlined A–Z and 0–9 (U+1CCD6–U+1CCF9, Unicode 16)
-- and U+A7F1 (Unicode 17) became "a" on one side and a dash on the other. Both copies now read
-- those as they read any other sign, a dash; handles.test.ts checks every decomposed character.
-- Only handles made from now on can differ, and only for names holding one of those 37 signs.
CREATE OR REPLACE FUNCTION handle_from(name text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    nullif(trim(both '-' from left(regexp_replace(
      lower(regexp_replace(
        normalize(regexp_replace(coalesce(name, ''), '[\uA7F1\U0001CCD6-\U0001CCF9]', ' ', 'g'), NFKD),
        '[\u0300-\u036f]', '', 'g')),
      '[^a-z0-9]+', '-', 'g'), 80)), ''),
    'product')
$$;
