/** Business constants shared by server and web (000 §9, 001 §9). */
export const LANGUAGES = ['en-US', 'zh-HK', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

export const PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_EXPORT_ROWS = 10_000;
/** Counts above this are shown as "10,000+" rather than counted exactly. */
export const COUNT_CAP = 10_000;
/**
 * Paging by page number (OFFSET) reads and throws away every row before the page, so it is slow deep into a
 * big list: the web app pages by cursor beyond page MAX_OFFSET_PAGE, and the API refuses an OFFSET beyond
 * MAX_LIST_OFFSET rows (the server's LIST_MAX_OFFSET, this by default: page 50 at 100 rows a page).
 */
export const MAX_OFFSET_PAGE = 50;
export const MAX_LIST_OFFSET = 5_000;

export const TOKEN_RENEW_WINDOW_SECONDS = 600;
export const EXPIRY_ALERT_THROTTLE_MS = 5_000;
export const SIGNIN_ERROR_TOAST_SECONDS = 30;
export const NO_RECORD_TOAST_SECONDS = 10;
/** How long an error toast of a failed action stays (antd's default of 3 s is too short to read it: WCAG 2.2.1). */
export const ERROR_TOAST_SECONDS = 10;
export const REDIRECT_DELAY_SECONDS = 5;
export const COOKIE_CONSENT_DAYS = 365;
export const PRIVACY_MODAL_WIDTH = 1000;
export const MENU_WIDTH = 250;
export const MENU_HIDDEN_WIDTH = 5;
export const TO_TOP_THRESHOLD_PX = 200;
export const STICKY_HEADER_THRESHOLD_PX = 64;
export const COUNTRY_LOOKUP_DEBOUNCE_MS = 300;
export const SELECT_SEARCH_MIN_CHARS = 2;
/**
 * The shortest invoice smart search (issue 40): a "contains" search of fewer characters has no trigram to look up
 * and would read every invoice; shorter input is refused with msgSearchTooShort and this minimum.
 */
export const INVOICE_SEARCH_MIN_CHARS = 3;
export const SELECT_SEARCH_DEBOUNCE_MS = 1_500;
export const MAX_TABLE_COLUMNS = 30;
export const TABLE_MAX_HEIGHT = 450;
export const DEFAULT_COLUMN_WIDTH = 100;

/** Failed sign-ins in a row before an account locks; it then signs in again only after a password reset. */
export const MAX_FAILED_LOGINS = 5;

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const DATETIME_MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';
