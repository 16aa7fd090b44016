/** The page's main region (antd Layout.Content, or the public page's <main>): skip link and route changes focus into it. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves focus to the page's heading (the h1 in the main region), else to the main region itself. */
export function focusPageHeading(): boolean {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const target = main?.querySelector<HTMLElement>('h1') ?? main;
  if (!target) return false;
  target.focus();
  return document.activeElement === target;
}
