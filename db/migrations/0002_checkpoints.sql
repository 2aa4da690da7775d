ALTER TABLE `tournaments` ADD `state_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Rows written before checkpoints hold the state after their last command.
UPDATE `tournaments` SET `state_seq` = `seq`;
