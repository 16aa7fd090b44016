import type { MouseEvent } from 'react';

/** What a click inside a row acts on itself (links, buttons, form controls): it does not also open the row. */
const INTERACTIVE = 'a,button,input,select,textarea,label,[role="button"],[role="checkbox"]';

/**
 * The click handler of a table row that opens it (DataTable, StaticTable): not when the click landed on a link,
 * button or control inside the row, nor when the user was selecting text. Keyboard users open rows through a
 * link or button cell.
 */
export function rowClickHandler<T>(open: (row: T) => void) {
  return (row: T) => (e: MouseEvent<HTMLElement>) => {
    if ((e.target as HTMLElement).closest(INTERACTIVE)) return;
    if (window.getSelection()?.toString()) return;
    open(row);
  };
}
