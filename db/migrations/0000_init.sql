CREATE TABLE `commands` (
	`tournament_id` text NOT NULL,
	`seq` integer NOT NULL,
	`command_id` text NOT NULL,
	`type` text NOT NULL,
	`args` text NOT NULL,
	`at` integer NOT NULL,
	`seed` text NOT NULL,
	`actor` text NOT NULL,
	`answer` text NOT NULL,
	PRIMARY KEY(`tournament_id`, `seq`),
	FOREIGN KEY (`tournament_id`) REFERENCES `tournaments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `commands_idempotency` ON `commands` (`tournament_id`,`command_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`id` text NOT NULL,
	`role` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`label` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sessions_expiry` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `tournaments` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`seq` integer NOT NULL,
	`state` text NOT NULL,
	`origin` text NOT NULL
);
