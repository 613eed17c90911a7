CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"experience" text,
	"portfolio" text,
	"investment_amount" text,
	"timeline" text,
	"message" text,
	"status" text DEFAULT 'new' NOT NULL,
	"language" text DEFAULT 'en-US' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_type_valid" CHECK ("applications"."type" IN ('professional', 'company', 'investor')),
	CONSTRAINT "applications_status_valid" CHECK ("applications"."status" IN ('new', 'contacted', 'accepted', 'rejected'))
);
--> statement-breakpoint
CREATE INDEX "applications_email_type_created_idx" ON "applications" USING btree ("email","type","created_at");--> statement-breakpoint
CREATE INDEX "applications_created_idx" ON "applications" USING btree ("created_at");