import type { TGpReportName } from '@portal/contracts';
import { Drawer, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GpDrill } from './gp-report-api';
import { InvoicesTable, JobsTable } from './gp-report-tables';

/**
 * The jobs and invoices behind a figure, in a drawer with a tab for each. It loads on the first figure
 * opened, not with the report (issue 20: antd's Drawer and Tabs stay off the report's first load).
 */
export function GpDrillDrawer({
  name,
  drill,
  onClose,
}: {
  name: TGpReportName;
  drill: { at: GpDrill; label: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('gp-report');
  return (
    <Drawer
      open={!!drill}
      onClose={onClose}
      size="large"
      width={1100}
      title={t('drillTitle', { what: drill?.label ?? '' })}
      destroyOnHidden
    >
      {drill && (
        <Tabs
          items={[
            { key: 'jobs', label: t('tab.jobs'), children: <JobsTable name={name} drill={drill.at} /> },
            {
              key: 'invoices',
              label: t('tab.invoices'),
              children: <InvoicesTable name={name} drill={drill.at} />,
            },
          ]}
        />
      )}
    </Drawer>
  );
}
