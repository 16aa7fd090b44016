import { sopmsNextStep } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';

const SopmsCheckDialog = lazy(() => import('./sopms-check-dialog'));

/**
 * "SOPMS check" on the invoice title bar, shown while the invoice has a checked step ahead; its dialog
 * (sopms-check-dialog.tsx, antd's Modal) loads when the button is first pressed (issue 20).
 */
export function SopmsCheckButton({ invId, status }: { invId: number; status: string }) {
  const { t } = useTranslation('sopms');
  const [open, setOpen] = useState(false);
  if (!sopmsNextStep(status)) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="sopms-check">
        {t('checkButton')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SopmsCheckDialog invId={invId} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
