import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth';
import { PlainDivider } from '../../shared/plain/plain-divider';

// The file list (its table, upload and history) is below the form: it loads after the form (issue 20), so the
// warehouse's first view does not wait for it.
const DocumentPanel = lazy(() =>
  import('../../shared/documents/document-panel').then((m) => ({ default: m.DocumentPanel })),
);

/** The warehouse's attachment (001 §3 Warehouse): files kept in file storage, changed with `admin`. */
export function WarehouseAttachment({ id }: { id: number | null }) {
  const { t } = useTranslation('documents');
  const { hasFunc } = useSession();
  return (
    <>
      <PlainDivider data-testid="warehouse-attachment-section">{t('attachment')}</PlainDivider>
      <Suspense fallback={null}>
        <DocumentPanel
          entityType="warehouse"
          entityId={id}
          canEdit={hasFunc('admin')}
          testId="warehouse-document"
        />
      </Suspense>
    </>
  );
}
