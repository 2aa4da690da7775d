CREATE TABLE `checkpoint_parts` (
	`tournament_id` text NOT NULL,
	`seq` integer NOT NULL,
	`part` integer NOT NULL,
	`json` text NOT NULL,
	PRIMARY KEY(`tournament_id`, `seq`, `part`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `checkpoints` (
	`tournament_id` text PRIMARY KEY NOT NULL,
	`seq` integer NOT NULL,
	`parts` integer NOT NULL,
	`hash` text,
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Each tournament's checkpoint moves out of its row (as one part), with its seq and hash, before the columns go.
INSERT INTO `checkpoints` (`tournament_id`, `seq`, `parts`, `hash`) SELECT `id`, `state_seq`, 1, `state_hash` FROM `tournaments`;--> statement-breakpoint
INSERT INTO `checkpoint_parts` (`tournament_id`, `seq`, `part`, `json`) SELECT `id`, `state_seq`, 0, `state` FROM `tournaments`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `state`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `state_seq`;--> statement-breakpoint
ALTER TABLE `tournaments` DROP COLUMN `state_hash`;