CREATE TABLE `league_seasons` (
	`id` text PRIMARY KEY NOT NULL,
	`league_id` text NOT NULL,
	`name` text NOT NULL,
	`tournaments` text NOT NULL,
	`formula` text NOT NULL,
	`best_of` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `league_seasons_league` ON `league_seasons` (`league_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`names` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
