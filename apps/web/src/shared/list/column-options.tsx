import { SettingOutlined } from '@ant-design/icons';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import type { ColumnOption } from './column-options-panel';
import { DialogPopover } from './dialog-popover';
import type { ColumnLayoutApi } from './use-column-layout';

export type { ColumnOption } from './column-options-panel';

const loadPanel = () => import('./column-options-panel');
const ColumnOptionsPanel = lazy(loadPanel);

/**
 * The "Columns" popover: show or hide (at most 30 shown), drag to reorder, reset. Its content (with dnd-kit)
 * loads when the button is first pointed at, focused or pressed, not with the list (issue 20: route weight).
 */
export function ColumnOptions({ columns, api }: { columns: readonly ColumnOption[]; api: ColumnLayoutApi }) {
  const { t } = useTranslation('list');
  const [open, setOpen] = useState(false);
  const content = open ? (
    <Suspense fallback={<span className="portal-dt-spinner" role="status" aria-label={t('loading')} />}>
      <ColumnOptionsPanel columns={columns} api={api} />
    </Suspense>
  ) : null;

  return (
    <DialogPopover
      placement="bottomRight"
      content={content}
      title={t('columns')}
      open={open}
      onOpenChange={setOpen}
    >
      <Button
        icon={<SettingOutlined />}
        data-testid="column-options"
        title={t('columnOptions')}
        onPointerEnter={loadPanel}
        onFocus={loadPanel}
      >
        {t('columns')}
      </Button>
    </DialogPopover>
  );
}
