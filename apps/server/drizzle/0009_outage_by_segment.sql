-- A break's affected pipes and valves are its valve isolation segment's in every COF calculation mode: they are read
-- from the segment (pipe_results.segment_id, vis_segments.valves_to_close), no longer copied into each pipe, which
-- grew with the square of a segment (a valveless network is one segment of every pipe).
ALTER TABLE "pipe_results" DROP COLUMN "affected_pipes";--> statement-breakpoint
ALTER TABLE "pipe_results" DROP COLUMN "affected_valves";