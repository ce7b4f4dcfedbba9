-- Issue 36: a pipe is in at most one active (not closed) project, and the database keeps it so. projects.active is
-- computed from status; project_pipes.active follows it through the key (project_id, active), which cascades on
-- update; the partial unique index over active rows is the rule. Projects made before this may hold the same pipe
-- twice (nothing stopped it): the oldest active project keeps the pipe, the later ones lose it and say so in their
-- description, so no one finds a project quietly smaller than they left it.
ALTER TABLE "projects" ADD COLUMN "active" boolean GENERATED ALWAYS AS (status <> 4) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_id_active_key" UNIQUE("id","active");--> statement-breakpoint
ALTER TABLE "project_pipes" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "project_pipes" pp SET "active" = pj.active FROM "projects" pj WHERE pj.id = pp.project_id AND NOT pj.active;--> statement-breakpoint
WITH ranked AS (
  SELECT pp.project_id, pp.pipe_id,
    first_value(pp.project_id) OVER (PARTITION BY pp.pipe_id ORDER BY pp.project_id) AS keeper
  FROM "project_pipes" pp WHERE pp.active
), dropped AS (
  DELETE FROM "project_pipes" pp USING ranked r
  WHERE pp.project_id = r.project_id AND pp.pipe_id = r.pipe_id AND r.project_id <> r.keeper
  RETURNING pp.project_id, pp.pipe_id, r.keeper
), notes AS (
  SELECT d.project_id,
    string_agg(coalesce(p.native_pipe_id, d.pipe_id::text) || ' (project ' || d.keeper || ')', ', '
      ORDER BY coalesce(p.native_pipe_id, d.pipe_id::text)) AS list
  FROM dropped d LEFT JOIN "pipes" p ON p.id = d.pipe_id GROUP BY d.project_id
)
UPDATE "projects" pj SET "description" = trim(both E'\n' FROM pj.description || E'\n\n'
  || 'Removed when each pipe became bookable by one active project only: ' || n.list || '.')
FROM notes n WHERE pj.id = n.project_id;--> statement-breakpoint
ALTER TABLE "project_pipes" DROP CONSTRAINT "project_pipes_project_id_projects_id_fk";--> statement-breakpoint
ALTER TABLE "project_pipes" ADD CONSTRAINT "project_pipes_project_active_fk" FOREIGN KEY ("project_id","active") REFERENCES "public"."projects"("id","active") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE UNIQUE INDEX "project_pipes_active_pipe_idx" ON "project_pipes" USING btree ("pipe_id") WHERE "project_pipes"."active";
--> statement-breakpoint
ALTER TABLE "plans" ADD COLUMN "include_booked" boolean DEFAULT false NOT NULL;
