// Map pages of spec 000 §2: /map, /map/{view}, /planner, /planner/{view}.
export function isMapPath(pathname: string): boolean {
  return /^\/(map|planner)(\/|$)/.test(pathname);
}
