import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined } from '@ant-design/icons';
import type { CSSProperties, ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Typography } from '../../shared/plain/typography';

export interface ColumnListProps {
  value: string[];
  label: (key: string) => string;
  onMove: (from: number, to: number) => void;
  onRemove: (key: string) => void;
}

/**
 * One column of the ordered list: its name, the up/down arrows (the keyboard's way to reorder) and remove. The
 * drag handle comes with the sortable list (column-sortable.tsx), which loads after the list is shown.
 */
export function ColumnItem({
  id,
  label,
  index,
  count,
  onMove,
  onRemove,
  handle,
  itemRef,
  style,
}: {
  id: string;
  label: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
  handle?: ReactNode;
  itemRef?: Ref<HTMLLIElement>;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('report-writer');
  return (
    <li ref={itemRef} className="rw-column-item" style={style} data-testid={`rw-column-${id}`}>
      {handle ?? <span className="rw-column-handle-space" aria-hidden="true" />}
      <Typography.Text style={{ flex: 1 }}>{label}</Typography.Text>
      <Button
        type="text"
        size="small"
        icon={<ArrowUpOutlined />}
        disabled={index === 0}
        aria-label={t('columns.up', { name: label })}
        onClick={() => onMove(index, index - 1)}
        data-testid={`rw-column-up-${id}`}
      />
      <Button
        type="text"
        size="small"
        icon={<ArrowDownOutlined />}
        disabled={index === count - 1}
        aria-label={t('columns.down', { name: label })}
        onClick={() => onMove(index, index + 1)}
        data-testid={`rw-column-down-${id}`}
      />
      <Button
        type="text"
        size="small"
        icon={<CloseOutlined />}
        aria-label={t('columns.remove', { name: label })}
        onClick={onRemove}
        data-testid={`rw-column-remove-${id}`}
      />
    </li>
  );
}

/** The props of a row of the list (`ColumnItem`, or the sortable list's row around it). */
export type ColumnRowProps = Pick<
  Parameters<typeof ColumnItem>[0],
  'id' | 'label' | 'index' | 'count' | 'onMove' | 'onRemove'
>;

/** The ordered list; without dragging (shown while the sortable list loads) unless `Row` brings it. */
export function ColumnList({
  value,
  label,
  onMove,
  onRemove,
  Row = ColumnItem,
}: ColumnListProps & { Row?: (props: ColumnRowProps) => ReactNode }) {
  const { t } = useTranslation('report-writer');
  return (
    <ol className="rw-column-list" aria-label={t('columns.title')} data-testid="rw-columns">
      {value.map((key, i) => (
        <Row
          key={key}
          id={key}
          label={label(key)}
          index={i}
          count={value.length}
          onMove={onMove}
          onRemove={() => onRemove(key)}
        />
      ))}
    </ol>
  );
}
