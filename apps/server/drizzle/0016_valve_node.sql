-- A valve names the node of its pipe it closes (issue 16): a valve on a pump or a zero-length link, whose two nodes
-- are drawn at one point, cannot be placed by position. Null: the end of its pipe nearer to the valve.
ALTER TABLE "valves" ADD COLUMN "node_id" text;
