-- The networks each staff account has logged in from lately (issue 22, L2): in the database, so
-- every app server and every restart knows them, and the account-wide login cap never locks the
-- owner out of the places they work from.
CREATE TABLE "admin_known_networks" (
	"admin_id" integer NOT NULL,
	"network" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "admin_known_networks_pk" PRIMARY KEY("admin_id","network")
);
--> statement-breakpoint
ALTER TABLE "admin_known_networks" ADD CONSTRAINT "admin_known_networks_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;
