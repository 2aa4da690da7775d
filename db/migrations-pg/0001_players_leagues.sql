CREATE TABLE "league_seasons" (
	"id" text PRIMARY KEY NOT NULL,
	"league_id" text NOT NULL,
	"name" text NOT NULL,
	"tournaments" text NOT NULL,
	"formula" text NOT NULL,
	"best_of" integer,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leagues" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"names" text NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_merges" (
	"from_id" text PRIMARY KEY NOT NULL,
	"into_id" text NOT NULL,
	"at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "players" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"folded" text NOT NULL,
	"nickname" text,
	"country" text,
	"email" text,
	"phone" text,
	"notes" text,
	"photo" "bytea",
	"photo_mime" text,
	"photo_hash" text,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	"erased_at" bigint
);
--> statement-breakpoint
ALTER TABLE "league_seasons" ADD CONSTRAINT "league_seasons_league_id_leagues_id_fk" FOREIGN KEY ("league_id") REFERENCES "public"."leagues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_seasons_league" ON "league_seasons" USING btree ("league_id","created_at");--> statement-breakpoint
CREATE INDEX "player_merges_into" ON "player_merges" USING btree ("into_id");--> statement-breakpoint
CREATE INDEX "players_name" ON "players" USING btree ("folded");