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
import { MAX_TABLE_COLUMNS } from '@portal/contracts';
import { Checkbox, Flex } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { Typography } from '../plain/typography';
import { isAtColumnLimit, visibleKeys } from './column-layout';
import type { ColumnLayoutApi } from './use-column-layout';

/** (Loaded with the Columns dialog's first opening: dnd-kit stays out of every list's first load; issue 20.) */
export interface ColumnOption {
  key: string;
  title: string;
  alwaysVisible?: boolean;
}

interface ItemProps {
  column: ColumnOption;
  checked: boolean;
  disabled: boolean;
  onToggle: (checked: boolean) => void;
}

function SortableColumnItem({ column, checked, disabled, onToggle }: ItemProps) {
  const { t } = useTranslation('list');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: column.key });
  return (
    <li
      ref={setNodeRef}
      className="portal-column-options-item"
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
      data-testid={`column-option-${column.key}`}
    >
      <Button
        ref={setActivatorNodeRef}
        type="text"
        size="small"
        className="portal-column-options-handle"
        icon={<HolderOutlined />}
        aria-label={t('dragColumn', { name: column.title })}
        {...attributes}
        {...listeners}
      />
      <Checkbox checked={checked} disabled={disabled} onChange={(e) => onToggle(e.target.checked)}>
        {column.title}
      </Checkbox>
    </li>
  );
}

/** The "Columns" dialog's content: show or hide (at most 30 shown), drag to reorder, reset. */
export default function ColumnOptionsPanel({
  columns,
  api,
}: {
  columns: readonly ColumnOption[];
  api: ColumnLayoutApi;
}) {
  const { t } = useTranslation('list');
  const root = useRef<HTMLDivElement>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const { layout } = api;
  const byKey = new Map(columns.map((c) => [c.key, c]));
  const atLimit = isAtColumnLimit(layout);
  const title = (id: unknown) => byKey.get(String(id))?.title ?? String(id);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) api.move(String(active.id), String(over.id));
  };

  // The dialog focused itself while this part was loading: move on to the first control, as when it is ready.
  useEffect(() => {
    const dialog = root.current?.closest<HTMLElement>('[role="dialog"]');
    if (dialog && document.activeElement === dialog)
      root.current?.querySelector<HTMLElement>('input,button')?.focus();
  }, []);

  return (
    <Flex vertical gap={8} ref={root}>
      <Typography.Text type="secondary">
        {t('columnsShown', { count: visibleKeys(layout).length, max: MAX_TABLE_COLUMNS })}
      </Typography.Text>
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('dragInstructions') },
          announcements: {
            onDragStart: ({ active }) => t('dragStart', { name: title(active.id) }),
            onDragOver: ({ active, over }) =>
              over ? t('dragOver', { name: title(active.id), over: title(over.id) }) : undefined,
            onDragEnd: ({ active }) => t('dragEnd', { name: title(active.id) }),
            onDragCancel: ({ active }) => t('dragCancel', { name: title(active.id) }),
          },
        }}
      >
        <SortableContext items={layout.order} strategy={verticalListSortingStrategy}>
          <ul className="portal-column-options-list" aria-label={t('columns')}>
            {layout.order.map((key) => {
              const column = byKey.get(key);
              if (!column) return null;
              const checked = !layout.hidden.includes(key);
              return (
                <SortableColumnItem
                  key={key}
                  column={column}
                  checked={checked}
                  disabled={column.alwaysVisible === true || (!checked && atLimit)}
                  onToggle={(show) => api.setHidden(key, !show)}
                />
              );
            })}
          </ul>
        </SortableContext>
      </DndContext>
      <Flex justify="end">
        <Button size="small" onClick={api.reset} data-testid="column-options-reset">
          {t('resetColumns')}
        </Button>
      </Flex>
    </Flex>
  );
}
