import { HolderOutlined } from '@ant-design/icons';
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
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { ColumnItem, ColumnList, type ColumnListProps, type ColumnRowProps } from './column-item';

function SortableItem({ id, label, index, count, onMove, onRemove }: ColumnRowProps) {
  const { t } = useTranslation('report-writer');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return (
    <ColumnItem
      id={id}
      label={label}
      index={index}
      count={count}
      onMove={onMove}
      onRemove={onRemove}
      itemRef={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      handle={
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          icon={<HolderOutlined />}
          aria-label={t('columns.drag', { name: label })}
          {...attributes}
          {...listeners}
        />
      }
    />
  );
}

/**
 * The column list with drag and drop (@dnd-kit, loaded with this module after the list first shows; the
 * arrows work before it): drag with the pointer, or Space on the handle then the arrows.
 */
export default function ColumnSortable({ value, label, onMove, onRemove }: ColumnListProps) {
  const { t } = useTranslation('report-writer');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id)
      onMove(value.indexOf(String(active.id)), value.indexOf(String(over.id)));
  };
  return (
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
        <ColumnList value={value} label={label} onMove={onMove} onRemove={onRemove} Row={SortableItem} />
      </SortableContext>
    </DndContext>
  );
}
