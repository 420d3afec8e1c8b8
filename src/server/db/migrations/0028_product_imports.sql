-- Product import and export (issue 41, decision 043). A picture's address fetched once is
-- remembered with the image it became, so importing a file again fetches nothing; an import of
-- more than 1,000 rows runs in the background from the file as read (kept here until it is done),
-- and its progress and result stay for the admin to read.
CREATE TABLE "product_import_pictures" (
  "url" text PRIMARY KEY NOT NULL,
  "image_id" uuid NOT NULL REFERENCES "images"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
  "id" serial PRIMARY KEY NOT NULL,
  "format" text NOT NULL,
  "file_name" text NOT NULL,
  "state" text DEFAULT 'running' NOT NULL CHECK ("state" IN ('running', 'done', 'failed')),
  "rows" integer NOT NULL,
  "rows_done" integer DEFAULT 0 NOT NULL,
  "catalogue" jsonb,
  "result" jsonb,
  "actor" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
