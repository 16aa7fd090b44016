import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './plain-display.css';

type Props = Omit<HTMLAttributes<HTMLDListElement>, 'title'> & {
  /** What the figure is ("Count", a currency). */
  title: ReactNode;
  /** The figure, formatted by the caller. */
  value: ReactNode;
  /** The value's style (a smaller font in a row of several). */
  valueStyle?: CSSProperties;
};

/**
 * A titled figure (issue 20: antd's Statistic without antd, which loads antd's Skeleton): a description list
 * of one term and its value, so a screen reader reads the title with the figure.
 */
export function PlainStatistic({ title, value, valueStyle, className, ...rest }: Props) {
  return (
    <dl {...rest} className={className ? `plain-statistic ${className}` : 'plain-statistic'}>
      <dt>{title}</dt>
      <dd className="plain-statistic-value" style={valueStyle}>
        {value}
      </dd>
    </dl>
  );
}
