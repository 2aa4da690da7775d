CREATE TABLE "branding_images" (
	"tournament_id" text NOT NULL,
	"slot" text NOT NULL,
	"hash" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_at" bigint NOT NULL,
	CONSTRAINT "branding_images_tournament_id_slot_pk" PRIMARY KEY("tournament_id","slot")
);
--> statement-breakpoint
CREATE TABLE "brandings" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"colors" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkpoint_parts" (
	"tournament_id" text NOT NULL,
	"seq" integer NOT NULL,
	"part" integer NOT NULL,
	"json" text NOT NULL,
	CONSTRAINT "checkpoint_parts_tournament_id_seq_part_pk" PRIMARY KEY("tournament_id","seq","part")
);
--> statement-breakpoint
CREATE TABLE "checkpoints" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"parts" integer NOT NULL,
	"hash" text
);
--> statement-breakpoint
CREATE TABLE "commands" (
	"tournament_id" text NOT NULL,
	"seq" integer NOT NULL,
	"command_id" text NOT NULL,
	"type" text NOT NULL,
	"args" text NOT NULL,
	"at" bigint NOT NULL,
	"seed" text NOT NULL,
	"actor" text NOT NULL,
	"answer" text NOT NULL,
	"engine" integer,
	CONSTRAINT "commands_tournament_id_seq_pk" PRIMARY KEY("tournament_id","seq")
);
--> statement-breakpoint
CREATE TABLE "leases" (
	"tournament_id" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"epoch" integer NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"role" text NOT NULL,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"seq" integer NOT NULL,
	"origin" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "branding_images" ADD CONSTRAINT "branding_images_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brandings" ADD CONSTRAINT "brandings_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkpoint_parts" ADD CONSTRAINT "checkpoint_parts_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkpoints" ADD CONSTRAINT "checkpoints_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commands" ADD CONSTRAINT "commands_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leases" ADD CONSTRAINT "leases_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commands_idempotency" ON "commands" USING btree ("tournament_id","command_id");--> statement-breakpoint
CREATE INDEX "sessions_expiry" ON "sessions" USING btree ("expires_at");