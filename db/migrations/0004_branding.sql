CREATE TABLE `branding_images` (
	`tournament_id` text NOT NULL,
	`slot` text NOT NULL,
	`hash` text NOT NULL,
	`mime` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`data` blob NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`tournament_id`, `slot`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `brandings` (
	`tournament_id` text PRIMARY KEY NOT NULL,
	`colors` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
