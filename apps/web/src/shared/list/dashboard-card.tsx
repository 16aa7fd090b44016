import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTotal } from './format-total';
import './ageing.css';
import './dashboard-card.css';

/** What a dashboard endpoint reports for one list (yellow/red only for lists with an ageing rule). */
export interface DashboardCardEntry {
  count: number;
  countCapped: boolean;
  yellow?: number;
  red?: number;
}

/** One ageing square on a card: which colour it counts, its tooltip and optionally its threshold ("≥ 8 h"). */
export interface DashboardCardSquare {
  colour: 'yellow' | 'red';
  tooltip: string;
  threshold?: string;
}

/**
 * One card of a list dashboard (booking, booking approval, consolidation, master B/L): the list's name and
 * count (capped counts as "1,000+"), and for a list with an ageing rule how many rows are yellow and red.
 * Opens the list on click, Enter or Space; the chosen list's card carries aria-current="page". Test ids are
 * `{prefix}-list-{key}`, `{prefix}-count-{key}`, `{prefix}-{yellow|red}-{key}` and
 * `{prefix}-{yellow|red}-threshold-{key}`. The ageing squares and thresholds look the same for every list (shared/list/ageing.css).
 */
export function DashboardCard({
  testIdPrefix,
  listKey,
  title,
  selected,
  entry,
  squares,
  width = 200,
  onOpen,
}: {
  testIdPrefix: string;
  listKey: string;
  title: string;
  selected: boolean;
  entry: DashboardCardEntry | undefined;
  /** Empty or absent: the list has no ageing rule and the card shows only its count. */
  squares?: DashboardCardSquare[];
  width?: number;
  onOpen: () => void;
}) {
  const { i18n } = useTranslation();
  // Plain elements (issue 20: antd's Card, Badge, Tooltip, Space and Typography were a third of the booking
  // list's first load); the square's explanation is its `title` and, for screen readers, its text.
  return (
    // biome-ignore lint/a11y/useSemanticElements: a list item that opens its list (as antd's Card was), in a role="list" row
    <div
      className={selected ? 'portal-dash-card portal-dash-card-selected' : 'portal-dash-card'}
      role="listitem"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the card opens its list with Enter or Space
      tabIndex={0}
      onClick={onOpen}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onOpen();
        }
      }}
      style={{ width }}
      data-testid={`${testIdPrefix}-list-${listKey}`}
      aria-current={selected ? 'page' : undefined}
    >
      <div className="portal-dash-card-head">
        <span>{title}</span>
        <span className="portal-dash-card-count" data-testid={`${testIdPrefix}-count-${listKey}`}>
          {entry ? formatTotal(entry.count, entry.countCapped, i18n.language) : '…'}
        </span>
      </div>
      {squares && squares.length > 0 && (
        <div className="portal-dash-card-squares">
          {squares.map((sq) => (
            <span key={sq.colour} title={sq.tooltip}>
              <span className={`ageing-swatch ${sq.colour}`} />
              <span className="portal-visually-hidden">{sq.tooltip}: </span>
              <span data-testid={`${testIdPrefix}-${sq.colour}-${listKey}`}>{entry?.[sq.colour] ?? '…'}</span>
              {sq.threshold !== undefined && (
                <span
                  className="portal-dash-card-secondary ageing-threshold"
                  data-testid={`${testIdPrefix}-${sq.colour}-threshold-${listKey}`}
                >
                  {sq.threshold}
                </span>
              )}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** A list dashboard's title (h4 under the page's h1), in antd's title size without Typography. */
export function DashboardTitle({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <h4 className="portal-dash-title" data-testid={testId}>
      {children}
    </h4>
  );
}

/** The title of the list a dashboard shows (h5). */
export function DashboardListTitle({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <h5 className="portal-dash-list-title" data-testid={testId}>
      {children}
    </h5>
  );
}
