import { useMediaQuery } from '../hooks/use-media-query';

/**
 * The shell's breakpoints (docs/decisions.md, issue 39), antd's `lg` and `md` so antd's Row/Col spans change
 * at the same widths. CSS repeats the numbers in its media queries (main-layout.css, feedback.css, …).
 *
 * - Below 992 px the side menu is a drawer that opens over the page (its 250 px would leave a tablet's page
 *   too narrow for a list); from 992 px up it is pinned beside the page as before.
 * - Below 768 px (a phone) the header folds: the search is an icon that opens the box across the header, and
 *   the user, profile switch and sign-out move into a user menu.
 */
export const DESKTOP_MIN_WIDTH = 992;
export const PHONE_MAX_WIDTH = 767.98;

/** Narrower than the desktop: the menu is a drawer. */
export const NARROW_SCREEN = `(max-width: ${DESKTOP_MIN_WIDTH - 0.02}px)`;
/** A phone: the header folds into icons. */
export const PHONE_SCREEN = `(max-width: ${PHONE_MAX_WIDTH}px)`;

/** True below the desktop breakpoint (false where the DOM has no matchMedia: unit tests get the desktop). */
export const useNarrowScreen = () => useMediaQuery(NARROW_SCREEN);
/** True on a phone-wide window. */
export const usePhoneScreen = () => useMediaQuery(PHONE_SCREEN);
