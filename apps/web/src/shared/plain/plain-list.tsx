import type { Key, ReactNode } from 'react';
import './plain-list.css';
import './plain.css';

/**
 * "Nothing here" in antd Empty's simple look without antd (issue 20): an outlined tray over the text. The
 * tray is decoration; the text says it.
 */
export function PlainEmpty({ text, 'data-testid': testId }: { text: ReactNode; 'data-testid'?: string }) {
  return (
    <div className="plain-empty" data-testid={testId}>
      <svg className="plain-empty-image" viewBox="0 0 64 41" aria-hidden="true" focusable="false">
        <g transform="translate(0 1)" fill="none" fillRule="evenodd">
          <ellipse fill="#f5f5f5" cx="32" cy="33" rx="32" ry="7" />
          <g fillRule="nonzero" stroke="#d9d9d9">
            <path d="M55 12.76L44.854 1.258C44.367.474 43.656 0 42.907 0H21.093c-.749 0-1.46.474-1.947 1.257L9 12.761V22h46v-9.24z" />
            <path
              d="M41.613 15.931c0-1.605.994-2.93 2.227-2.931H55v18.137C55 33.26 53.68 35 52.05 35h-40.1C10.32 35 9 33.259 9 31.137V13h11.16c1.233 0 2.227 1.323 2.227 2.928v.022c0 1.605 1.005 2.901 2.237 2.901h14.752c1.232 0 2.237-1.308 2.237-2.913v-.007z"
              fill="#fafafa"
            />
          </g>
        </g>
      </svg>
      <div className="plain-empty-text">{text}</div>
    </div>
  );
}

/**
 * A short list of rows without antd's List (which brings its Pagination, Grid and Spin; issue 20): a `<ul>`
 * with antd's small-list spacing, a spinner while loading and `empty` when there is nothing.
 */
export function PlainList<T>({
  items,
  rowKey,
  renderItem,
  loading,
  empty,
  bordered,
  'data-testid': testId,
}: {
  items: readonly T[];
  rowKey: (item: T, index: number) => Key;
  renderItem: (item: T) => ReactNode;
  loading?: boolean;
  empty?: ReactNode;
  bordered?: boolean;
  'data-testid'?: string;
}) {
  if (loading && items.length === 0)
    return (
      <div className="plain-list-loading" aria-busy="true" data-testid={testId}>
        <span className="plain-spinner" />
      </div>
    );
  if (items.length === 0) return <div data-testid={testId}>{empty}</div>;
  return (
    <ul
      className={bordered ? 'plain-list plain-list--bordered' : 'plain-list'}
      aria-busy={loading || undefined}
      data-testid={testId}
    >
      {items.map((item, i) => (
        <li key={rowKey(item, i)} className="plain-list-item">
          {renderItem(item)}
        </li>
      ))}
    </ul>
  );
}
