ALTER TABLE `commands` ADD `engine` integer;--> statement-breakpoint
ALTER TABLE `tournaments` ADD `state_hash` text;