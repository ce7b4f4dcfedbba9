// Map pages of spec 000 §2: /map, /map/{view}, /planner, /planner/{view}.
export function isMapPath(pathname: string): boolean {
  // The planner's renewal programme (issue 39) is a page of charts and tables, not a map.
  if (/^\/planner\/programme(\/|$)/.test(pathname)) return false;
  return /^\/(map|planner)(\/|$)/.test(pathname);
}
