import { CheckOutlined, CloudDownloadOutlined, EditOutlined, SendOutlined } from '@ant-design/icons';
import type { TMblCarrierView } from '@portal/contracts';
import { ConfigProvider, Flex } from 'antd';
import { ApiError, download } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainSpin } from '../../shared/plain/plain-spin';
import { Typography } from '../../shared/plain/typography';
import { type MblCarrierMove, useMblCarrier, useMblCarrierMove } from './carrier-link-api';
import { useCarrierLinkLabels } from './carrier-link-labels';
import { issuedMblNo, mblActions } from './carrier-link-model';
import {
  CarrierDifferences,
  ExchangeFacts,
  ExchangeHistory,
  LinkNotice,
  PanelBlock,
} from './carrier-link-parts';
import { useProblemDialog } from './problem-dialog';

export interface MblCarrierPanelProps {
  mblNo: string;
  /** The bill's form holds unsaved input: the carrier gets the saved bill, so moves wait for a save. */
  dirty?: boolean;
  /** The bill's words for a difference's path ('containers.0.seal_no' → "Containers 1 · Seal No."). */
  fieldLabel?: (path: string) => string;
  /** The bill's words for a difference's value. */
  valueLabel?: (path: string, value: unknown) => string;
}

/**
 * The master bill's documents at the carrier over DCSA eBL 3.0 (issue 42): "Submit shipping instructions",
 * their state, the carrier's draft transport document with its state and the difference report (ticks,
 * "Accept selected"), "Approve draft", "Request amendment" (the bill sent again as updated instructions), and
 * once issued the carrier MBL no. A bill whose carrier is not connected keeps the DCSA file export and import.
 * It reads itself again every few seconds while the carrier works (and on the bill's live events).
 */
export default function MblCarrierPanel({
  mblNo,
  dirty = false,
  fieldLabel,
  valueLabel,
}: MblCarrierPanelProps) {
  const l = useCarrierLinkLabels();
  const { t } = l;
  const query = useMblCarrier(mblNo);
  const view = query.data;
  if (query.error instanceof ApiError && (query.error.status === 403 || query.error.status === 404))
    return null;
  return (
    // An issued bill's form is read-only: the carrier moves are no edit of its fields.
    <ConfigProvider componentDisabled={false}>
      <PlainCard title={t('mbl.title')} data-testid="carrier-ebl">
        {query.error && !view ? (
          <PlainAlert type="error" title={errorText(t, query.error)} data-testid="carrier-ebl-error" />
        ) : !view ? (
          <PlainSpin spinning>
            <div style={{ minHeight: 48 }} />
          </PlainSpin>
        ) : (
          <Documents
            mblNo={mblNo}
            view={view}
            dirty={dirty}
            fieldLabel={fieldLabel}
            valueLabel={valueLabel}
          />
        )}
      </PlainCard>
    </ConfigProvider>
  );
}

function Documents({
  mblNo,
  view,
  dirty,
  fieldLabel,
  valueLabel,
}: {
  mblNo: string;
  view: TMblCarrierView;
  dirty: boolean;
  fieldLabel?: (path: string) => string;
  valueLabel?: (path: string, value: unknown) => string;
}) {
  const l = useCarrierLinkLabels();
  const { t } = l;
  const { message, modal } = useApp();
  const move = useMblCarrierMove(mblNo);
  const showProblems = useProblemDialog(fieldLabel);
  const { si, td } = view;
  const carrier = view.carrier_code;
  const actions = mblActions(view);
  const issued = issuedMblNo(view);
  const version = view.mbl_version;
  const busy = (m: MblCarrierMove['move']) => move.isPending && move.variables?.move === m;

  if (!view.connected) {
    return (
      <Flex vertical gap={8} align="start" data-testid="carrier-ebl-not-connected">
        <Typography.Text>{carrier ? t('mbl.notConnected', { carrier }) : t('mbl.noCarrier')}</Typography.Text>
        <Button
          icon={<CloudDownloadOutlined />}
          onClick={() =>
            download(`/MasterBL/${encodeURIComponent(mblNo)}/dcsa/shipping-instructions`).catch(showProblems)
          }
          data-testid="carrier-ebl-download"
        >
          {t('mbl.download')}
        </Button>
      </Flex>
    );
  }

  const confirm = (
    m: 'submit' | 'approve',
    title: string,
    content: string,
    okText: string,
    done: string,
    testId: string,
  ) =>
    modal.confirm({
      title,
      content,
      okText,
      okButtonProps: { 'data-testid': testId },
      onOk: () =>
        move
          .mutateAsync({ move: m, version })
          .then(() => message.success(done))
          .catch(showProblems),
    });

  const accept = (fields: string[]) =>
    move
      .mutateAsync({ move: 'accept', version, fields })
      .then(() => message.success(fields.length ? t('diff.accepted', { n: fields.length }) : t('diff.kept')))
      .catch(showProblems);

  return (
    <Flex vertical gap={12}>
      {issued && (
        <PlainAlert type="success" title={t('mbl.issued', { no: issued })} data-testid="carrier-ebl-issued" />
      )}
      <PanelBlock title={t('mbl.si')} testId="carrier-ebl-si">
        {si ? (
          <>
            <ExchangeFacts
              x={si}
              testId="carrier-ebl-si"
              refs={[{ key: 'ref', label: t('mbl.siRef'), value: si.carrier_ref }]}
            />
            {/* The carrier's draft is the answer to the instructions: no "working" note beside it. */}
            <LinkNotice x={si} testId="carrier-ebl-si" settled={!!td} />
          </>
        ) : (
          <Typography.Text type="secondary">{t('mbl.notSubmitted')}</Typography.Text>
        )}
        {(actions.submit || actions.amend) && (
          <Flex gap={8} wrap align="center">
            {actions.submit && (
              <Button
                type="primary"
                icon={<SendOutlined />}
                disabled={dirty}
                loading={busy('submit')}
                onClick={() =>
                  confirm(
                    'submit',
                    t('mbl.confirmSubmit', { no: mblNo, carrier }),
                    t('mbl.confirmSubmitBody'),
                    t('mbl.submit'),
                    t('mbl.submitted', { carrier }),
                    'carrier-ebl-confirm-ok',
                  )
                }
                data-testid="carrier-ebl-submit"
              >
                {t('mbl.submit')}
              </Button>
            )}
            {actions.amend && (
              <Button
                icon={<EditOutlined />}
                disabled={dirty}
                loading={busy('submit')}
                onClick={() =>
                  confirm(
                    'submit',
                    t('mbl.confirmAmend'),
                    t('mbl.confirmAmendBody'),
                    t('mbl.amend'),
                    t('mbl.submitted', { carrier }),
                    'carrier-ebl-confirm-ok',
                  )
                }
                data-testid="carrier-ebl-amend"
              >
                {t('mbl.amend')}
              </Button>
            )}
            {dirty && <Typography.Text type="secondary">{t('saveFirst')}</Typography.Text>}
          </Flex>
        )}
      </PanelBlock>

      {si && (
        <PanelBlock title={t('mbl.td')} testId="carrier-ebl-td">
          {td ? (
            <>
              <ExchangeFacts
                x={td}
                testId="carrier-ebl-td"
                refs={[{ key: 'ref', label: t('mbl.tdRef'), value: td.transport_document_reference }]}
              />
              <LinkNotice x={td} testId="carrier-ebl-td" />
            </>
          ) : (
            <Typography.Text type="secondary" data-testid="carrier-ebl-no-draft">
              {t('mbl.noDraft')}
            </Typography.Text>
          )}
          <CarrierDifferences
            title={t('mbl.diffTitle')}
            rows={view.differences}
            warnings={view.warnings}
            fieldLabel={fieldLabel}
            valueLabel={valueLabel}
            canAccept={actions.accept}
            pending={busy('accept')}
            blocked={dirty}
            onAccept={accept}
            reviewedAt={td?.reviewed_at}
            reviewed={view.reviewed}
            testId="carrier-ebl-diff"
          />
          {td?.carrier_status === 'DRAFT' && (
            <Flex gap={8} wrap align="center">
              <Button
                type="primary"
                icon={<CheckOutlined />}
                disabled={dirty || !actions.approve}
                loading={busy('approve')}
                onClick={() =>
                  confirm(
                    'approve',
                    t('mbl.confirmApprove', { ref: td.transport_document_reference ?? '' }),
                    t('mbl.confirmApproveBody'),
                    t('mbl.approve'),
                    t('mbl.approved', { carrier }),
                    'carrier-ebl-approve-ok',
                  )
                }
                data-testid="carrier-ebl-approve"
              >
                {t('mbl.approve')}
              </Button>
              {!view.reviewed && <Typography.Text type="secondary">{t('mbl.notReviewed')}</Typography.Text>}
            </Flex>
          )}
        </PanelBlock>
      )}

      {si && <ExchangeHistory exchanges={[si, td]} testId="carrier-ebl-history" fieldLabel={fieldLabel} />}
    </Flex>
  );
}
