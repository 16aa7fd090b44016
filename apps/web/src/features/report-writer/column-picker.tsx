import { ArrowDownOutlined, ArrowUpOutlined, CloseOutlined, HolderOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { RW_LIMITS, type TRwField } from '@portal/contracts';
import { Button, Empty, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { Typography } from '../../shared/plain/typography';
import { moveItem } from './report-model';

interface ItemProps {
  id: string;
  label: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

function ColumnItem({ id, label, index, count, onMove, onRemove }: ItemProps) {
  const { t } = useTranslation('report-writer');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      className="rw-column-item"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid={`rw-column-${id}`}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        icon={<HolderOutlined />}
        aria-label={t('columns.drag', { name: label })}
        {...attributes}
        {...listeners}
      />
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

/** The report's columns in order: add from the dataset's fields, drag or use the arrows to reorder, remove. */
export function ColumnPicker({
  fields,
  value,
  onChange,
  label,
  disabled,
}: {
  fields: readonly TRwField[];
  value: string[];
  onChange: (v: string[]) => void;
  label: (key: string) => string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('report-writer');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      onChange(moveItem(value, value.indexOf(String(active.id)), value.indexOf(String(over.id))));
  };
  const left = fields.filter((f) => !value.includes(f.key));
  const full = value.length >= RW_LIMITS.maxColumns;
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <Select
          showSearch
          optionFilterProp="label"
          style={{ minWidth: 260 }}
          placeholder={t('columns.add')}
          aria-label={t('columns.add')}
          value={null}
          disabled={disabled || full || left.length === 0}
          options={left.map((f) => ({ value: f.key, label: label(f.key) }))}
          onChange={(k: string | null) => k && onChange([...value, k])}
          data-testid="rw-column-add"
        />
        <Button
          disabled={disabled || left.length === 0}
          onClick={() => onChange([...value, ...left.map((f) => f.key)].slice(0, RW_LIMITS.maxColumns))}
          data-testid="rw-column-add-all"
        >
          {t('columns.addAll')}
        </Button>
        <Button
          disabled={disabled || value.length === 0}
          onClick={() => onChange([])}
          data-testid="rw-column-clear"
        >
          {t('columns.clear')}
        </Button>
      </Flex>
      {value.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('columns.empty')} />
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            screenReaderInstructions: { draggable: t('columns.dragInstructions') },
            announcements: {
              onDragStart: ({ active }) => t('columns.dragStart', { name: label(String(active.id)) }),
              onDragOver: ({ active, over }) =>
                over
                  ? t('columns.dragOver', { name: label(String(active.id)), over: label(String(over.id)) })
                  : undefined,
              onDragEnd: ({ active }) => t('columns.dragEnd', { name: label(String(active.id)) }),
              onDragCancel: ({ active }) => t('columns.dragCancel', { name: label(String(active.id)) }),
            },
          }}
        >
          <SortableContext items={value} strategy={verticalListSortingStrategy}>
            <ol className="rw-column-list" aria-label={t('columns.title')} data-testid="rw-columns">
              {value.map((key, i) => (
                <ColumnItem
                  key={key}
                  id={key}
                  label={label(key)}
                  index={i}
                  count={value.length}
                  onMove={(from, to) => onChange(moveItem(value, from, to))}
                  onRemove={() => onChange(value.filter((k) => k !== key))}
                />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </Flex>
  );
}
