CREATE TABLE `player_merges` (
	`from_id` text PRIMARY KEY NOT NULL,
	`into_id` text NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `player_merges_into` ON `player_merges` (`into_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`folded` text NOT NULL,
	`nickname` text,
	`country` text,
	`email` text,
	`phone` text,
	`notes` text,
	`photo` blob,
	`photo_mime` text,
	`photo_hash` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`erased_at` integer
);
--> statement-breakpoint
CREATE INDEX `players_name` ON `players` (`folded`);