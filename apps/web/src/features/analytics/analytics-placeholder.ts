/**
 * Whether a previous query's figures may stay on screen (dimmed) while this page's load: only for the same page.
 * The frame's hooks live on when the menu moves to another analytics page, and that page's figures must not
 * stand under the new page's title (keepPreviousData alone kept them).
 */
export function isSamePage(page: string, previousKey: readonly unknown[] | undefined) {
  return previousKey?.[0] === 'analytics' && previousKey[1] === page;
}
