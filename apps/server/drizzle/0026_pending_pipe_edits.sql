ALTER TABLE "datasets" ADD COLUMN "edit_seq" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pipes" ADD COLUMN "edit_seq" integer;--> statement-breakpoint
ALTER TABLE "analyses" ADD COLUMN "edit_seq" integer;--> statement-breakpoint
CREATE INDEX "pipes_edit_seq_idx" ON "pipes" USING btree ("dataset_id","edit_seq") WHERE edit_seq IS NOT NULL;