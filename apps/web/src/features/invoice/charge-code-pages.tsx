import type { TChargeCode } from '@portal/contracts';
import { Alert, Descriptions, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { errorText } from '../../shared/i18n/error-text';
import { StaticTable } from '../../shared/list/static-table';
import { Typography } from '../../shared/plain/typography';
import { useChargeCode, useChargeCodes } from './invoice-api';
import { chargeCodePath } from './invoice-paths';

const descOf = (c: TChargeCode, lang: string) =>
  lang === 'zh-HK' ? c.description_zh_hk : lang === 'zh-CN' ? c.description_zh_cn : c.description_en;

/** /INV/chargeCodes: every charge code with its ledger, side and default tax. */
export function ChargeCodeListPage() {
  const { t, i18n } = useTranslation('invoice');
  const q = useChargeCodes();
  const yes = (b: boolean) => (b ? t('cc.yes') : t('cc.no'));
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('chargeCodes')}
      </Typography.Title>
      {q.error && <Alert type="error" showIcon message={errorText(t, q.error)} />}
      <StaticTable<TChargeCode>
        rowKey="charge_code"
        loading={q.isPending}
        rows={q.data ?? []}
        pageSize={false}
        data-testid="charge-code-table"
        columns={[
          {
            key: 'charge_code',
            title: t('cc.charge_code'),
            render: (_, c) => <Link to={chargeCodePath(c.charge_code)}>{c.charge_code}</Link>,
          },
          { key: 'description', title: t('cc.description'), render: (_, c) => descOf(c, i18n.language) },
          { key: 'ledger_code', title: t('cc.ledger_code'), dataIndex: 'ledger_code' },
          { key: 'ar_use', title: t('cc.ar_use'), render: (_, c) => yes(c.ar_use) },
          { key: 'ap_use', title: t('cc.ap_use'), render: (_, c) => yes(c.ap_use) },
          { key: 'default_tax_code', title: t('cc.default_tax_code'), dataIndex: 'default_tax_code' },
          {
            key: 'default_tax_rate',
            title: t('cc.default_tax_rate'),
            dataIndex: 'default_tax_rate',
            align: 'right',
          },
          { key: 'uom', title: t('cc.uom'), dataIndex: 'uom' },
        ]}
      />
    </Flex>
  );
}

/** /INV/chargeCodeDetails/{charge_code} (read-only). */
export function ChargeCodeDetailPage() {
  const { t } = useTranslation('invoice');
  const { charge_code } = useParams();
  const q = useChargeCode(charge_code);
  if (q.error) return <Alert type="error" showIcon message={errorText(t, q.error)} />;
  if (!q.data) return <Spin />;
  const c = q.data;
  const yes = (b: boolean) => (b ? t('cc.yes') : t('cc.no'));
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('chargeCodeTitle', { code: c.charge_code })}
      </Typography.Title>
      <Descriptions bordered size="small" column={1} data-testid="charge-code-detail">
        <Descriptions.Item label={t('cc.charge_code')}>{c.charge_code}</Descriptions.Item>
        <Descriptions.Item label={t('cc.description_en')}>{c.description_en}</Descriptions.Item>
        <Descriptions.Item label={t('cc.description_zh_hk')}>{c.description_zh_hk}</Descriptions.Item>
        <Descriptions.Item label={t('cc.description_zh_cn')}>{c.description_zh_cn}</Descriptions.Item>
        <Descriptions.Item label={t('cc.ledger_code')}>{c.ledger_code}</Descriptions.Item>
        <Descriptions.Item label={t('cc.ar_use')}>{yes(c.ar_use)}</Descriptions.Item>
        <Descriptions.Item label={t('cc.ap_use')}>{yes(c.ap_use)}</Descriptions.Item>
        <Descriptions.Item label={t('cc.default_tax_code')}>{c.default_tax_code}</Descriptions.Item>
        <Descriptions.Item label={t('cc.default_tax_rate')}>{c.default_tax_rate}</Descriptions.Item>
        <Descriptions.Item label={t('cc.uom')}>{c.uom}</Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
