import { FileExcelOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { download } from '../api/http';
import { Button } from '../button';
import { useApp } from '../feedback';
import { errorText } from '../i18n/error-text';

export interface ExportButtonProps {
  /** Export endpoint under /api/v1, e.g. `/Carrier/export`. */
  path: string;
  /** The list's filters and sort (ListQuery.exportQuery); `lang` (column headings) is added. */
  query: Record<string, string | number>;
  label?: string;
  disabled?: boolean;
}

/** Downloads the list as Excel with the list's filters; shows progress and the translated error. */
export function ExportButton({ path, query, label, disabled }: ExportButtonProps) {
  const { t, i18n } = useTranslation('list');
  const { message } = useApp();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    const key = `export:${path}`;
    message.open({ key, type: 'loading', content: t('exporting'), duration: 0 });
    try {
      await download(path, { ...query, lang: i18n.language });
      message.open({ key, type: 'success', content: t('exported'), duration: 3 });
    } catch (e) {
      message.open({ key, type: 'error', content: errorText(t, e), duration: 6 });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      icon={<FileExcelOutlined />}
      loading={busy}
      disabled={disabled}
      onClick={run}
      data-testid="export-excel"
    >
      {label ?? t('exportExcel')}
    </Button>
  );
}
