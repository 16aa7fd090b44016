import { Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth';
import { DocumentPanel } from '../../shared/documents';

/** The warehouse's attachment (001 §3 Warehouse): files kept in file storage, changed with `admin`. */
export function WarehouseAttachment({ id }: { id: number | null }) {
  const { t } = useTranslation('documents');
  const { hasFunc } = useSession();
  return (
    <>
      <Divider titlePlacement="start" data-testid="warehouse-attachment-section">
        {t('attachment')}
      </Divider>
      <DocumentPanel
        entityType="warehouse"
        entityId={id}
        canEdit={hasFunc('admin')}
        testId="warehouse-document"
      />
    </>
  );
}
