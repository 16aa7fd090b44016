import './ageing.css';

/**
 * The row class of a list row by its ageing colour: the shared look (ageing.css `row-age-*`) and the list's own
 * name (`<list>-row-<colour>`, by which tests find the rows); undefined when the row is not ageing.
 */
export function rowAgeClass(
  list: string,
  colour: 'yellow' | 'red' | 'none' | null | undefined,
): string | undefined {
  return colour === 'yellow' || colour === 'red' ? `${list}-row-${colour} row-age-${colour}` : undefined;
}
