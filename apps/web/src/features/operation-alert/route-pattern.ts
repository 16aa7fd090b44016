/**
 * The route pattern of a location (what the page-view log keeps, never the URL with ids): each path segment
 * that is a matched parameter's value becomes `:name`, a splat becomes `*`.
 */
// /BMS/enhance_booking/new_e_booking/e_booking/SO123 with { search_state, so_no } → …/:search_state/e_booking/:so_no
export function routePattern(pathname: string, params: Record<string, string | undefined>): string {
  const segments = pathname.split('/');
  const names = Object.entries(params).filter(([k, v]) => k !== '*' && v);
  const out = segments.map((seg) => {
    const hit = names.find(([, v]) => v === seg || encodeURIComponent(v as string) === seg);
    return hit ? `:${hit[0]}` : seg;
  });
  let pattern = out.join('/') || '/';
  const splat = params['*'];
  if (splat) pattern = `${pattern.slice(0, pattern.length - encodeURI(splat).length)}*`;
  return pattern.slice(0, 200);
}
