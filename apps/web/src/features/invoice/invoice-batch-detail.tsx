import type { TInvoice } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSession } from '../../shared/auth';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import { useInterAccountDn, useInvoiceLinks } from './invoice-batch-api';
import { invoicePath } from './invoice-paths';

/**
 * More Actions of the detail screen for the steps after approval: the inter-account debit note while the
 * invoice is Prepared (002 §4), and the invoices linked to this one (its reversal, its debit note, or the
 * invoice it came from).
 */
export function InvoiceMoreActions({ inv, disabled }: { inv: TInvoice; disabled: boolean }) {
  const { t } = useTranslation('invoiceBatch');
  const { message } = useApp();
  const session = useSession();
  const navigate = useNavigate();
  const dn = useInterAccountDn();
  const links = useInvoiceLinks(inv.inv_id);
  const canDn = inv.is_inter_account && inv.status === 'PREPARED' && session.hasFunc('inv_edit');
  const hasDn = links.data?.some((l) => l.link_type === 'INTER_ACCOUNT_DN' && l.from_inv_id === inv.inv_id);
  return (
    <>
      {canDn && !hasDn && (
        <Button
          disabled={disabled || dn.isPending}
          onClick={async () => {
            try {
              const created = await dn.mutateAsync({ inv_id: inv.inv_id, version: inv.version });
              message.success(t('interAccountDnDone', { no: created.invoice_no }));
              navigate(invoicePath(created.inv_type, created.inv_id));
            } catch (e) {
              message.error(errorText(t, e));
            }
          }}
          data-testid="invoice-inter-account-dn"
        >
          {t('interAccountDn')}
        </Button>
      )}
      {!!links.data?.length && (
        <Flex gap={4} align="center" data-testid="invoice-links">
          <Typography.Text type="secondary">{t('links')}:</Typography.Text>
          {links.data.map((l) => {
            const other =
              l.from_inv_id === inv.inv_id
                ? { id: l.to_inv_id, no: l.to_no }
                : { id: l.from_inv_id, no: l.from_no };
            return (
              <PlainTag key={`${l.link_type}-${other.id}`}>
                {t(`link${l.link_type}`)} <Link to={`/INV/Details/${other.id}`}>{other.no}</Link>
              </PlainTag>
            );
          })}
        </Flex>
      )}
    </>
  );
}
