import {
  CloudDownloadOutlined,
  CloudUploadOutlined,
  DeleteOutlined,
  FilePdfOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  FCL_CONTAINER_TYPES,
  MBL_ACTIONS,
  MBL_FREIGHT_TERMS,
  MBL_TYPES,
  type TFieldError,
  type TMasterBl,
  type TMblAction,
  type TMblInput,
} from '@portal/contracts';
import { Flex } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { download } from '../../shared/api/http';
import { Button } from '../../shared/button';
import { LazyReasonDialog as ReasonDialog } from '../../shared/components/lazy-reason-dialog';
import { PageLoading } from '../../shared/components/page-loading';
import { useApp } from '../../shared/feedback';
import { Form } from '../../shared/form';
import { DocumentFormHeader, useDocumentForm } from '../../shared/form/document-form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { DocumentHistory } from '../../shared/history/document-history';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { StaticTable } from '../../shared/list/static-table';
import { ChoiceField } from '../../shared/plain/form-fields';
import { NumberField } from '../../shared/plain/form-number-field';
import { CheckboxField } from '../../shared/plain/multi-fields';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import type { PlainTagColour } from '../../shared/plain/plain-tag';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { SearchSelect } from '../../shared/search-select/search-select';
import { MblCarrierPanel } from '../carrier-link';
import { FollowButton, LiveStaleNotice, useLiveDocument } from '../notification';
import {
  type MblImportAnswer,
  mblHistoryPath,
  useMbl,
  useMblAction,
  useMblDraft,
  useMblImport,
  useSaveMbl,
} from './mbl-api';
import { type MblFormValues, toBody, toForm } from './mbl-form-model';
import { dcsaProblem, mblColor, useMblLabels } from './mbl-labels';
import { mblDetailPath, mblListOf, mblListPath } from './mbl-paths';

const MblDcsaDialogs = lazy(() => import('./mbl-dcsa-dialogs'));
// The draft PDF's preview and the SI refusal with links to the SOs' cargo (issue 39), loaded on first use.
const MblPdfPreview = lazy(() => import('./mbl-documents').then((m) => ({ default: m.MblPdfPreview })));
const MblSiRefusal = lazy(() => import('./mbl-documents').then((m) => ({ default: m.MblSiRefusal })));

type Container = TMblInput['containers'][number];

/**
 * master_bl/new?consol_no= | ?so_nos= and master_bl/{MasterBLNo} (also under a list): the bill (001 §3
 * Master BL sample), parties, sailing, containers and cargo, the house bills it covers with totals, the
 * actions, the draft PDF, the DCSA exchange and the status history.
 */
export default function MblDetailPage() {
  const { mbl_no, search_state } = useParams();
  const list = mblListOf(search_state);
  const isNew = !mbl_no || mbl_no === 'new';
  const location = useLocation();
  const draftQuery = isNew ? new URLSearchParams(location.search).toString() : null;
  const bill = useMbl(isNew ? null : (mbl_no ?? null));
  const draft = useMblDraft(draftQuery);
  const { t } = useTranslation('masterBl');
  const error = bill.error ?? draft.error;
  if (error) return <PlainAlert type="error" title={errorText(t, error)} data-testid="mbl-load-error" />;
  const initial = bill.data ?? draft.data;
  if (!initial) return <PageLoading />;
  return (
    <MblForm
      key={`${bill.data?.mbl_no ?? 'new'}:${bill.data?.version ?? 0}`}
      bill={bill.data ?? null}
      initial={initial}
      backTo={mblListPath(list)}
    />
  );
}

function MblForm({
  bill,
  initial,
  backTo,
}: {
  bill: TMasterBl | null;
  initial: TMasterBl | TMblInput;
  backTo: string;
}) {
  const { t } = useTranslation('masterBl');
  const labels = useMblLabels();
  const [form] = Form.useForm<MblFormValues>();
  const save = useSaveMbl();
  const start = useMemo(() => toForm(initial), [initial]);
  const saved = bill && { no: bill.mbl_no, version: bill.version };
  const store = (no: string | null, body: TMblInput) => save.mutateAsync({ no, body }).then((r) => r.mbl_no);
  const edit = useDocumentForm({ form, start, toBody, saved, store, t, detailPath: mblDetailPath });
  const { dirty, setDirty, problems } = edit;
  // Another user's action on the bill (carrier data imported, issued): re-read it, or keep unsaved input and say so.
  const live = useLiveDocument({ kind: 'master_bl', docCode: bill?.mbl_no, isDirty: () => dirty });
  const editable = bill ? bill.editable : true;
  const values = Form.useWatch([], { form, preserve: true }) as MblFormValues | undefined;

  const soOptions = (values?.so_nos ?? start.so_nos ?? []).map((s) => ({ value: s, label: s }));
  const text = (name: keyof MblFormValues, width = 200, required = false) => (
    <Form.Item
      name={name}
      label={labels.field(name)}
      style={{ width }}
      rules={required ? [requiredMsgRule()] : []}
    >
      <PlainTextInput data-testid={`mbl-field-${name}`} />
    </Form.Item>
  );

  return (
    <Form<MblFormValues>
      form={form}
      layout="vertical"
      initialValues={start}
      disabled={!editable}
      onValuesChange={() => setDirty(true)}
      data-testid="mbl-form"
    >
      <Flex vertical gap={12}>
        <DocumentFormHeader
          testId="mbl"
          backTo={backTo}
          title={bill ? bill.mbl_no : t('newTitle')}
          status={
            bill && { colour: mblColor(bill.status) as PlainTagColour, text: labels.status(bill.status) }
          }
          tools={
            <>
              {bill && <FollowButton module="master_bl" docCode={bill.mbl_no} />}
              {bill && <BillTools bill={bill} dirty={dirty} />}
            </>
          }
          wrapTools
          editable={editable}
          edit={edit}
          saving={save.isPending}
          t={t}
          notice={<LiveStaleNotice stale={live.stale} onReload={live.reload} testId="mbl-stale" />}
        />
        {problems.length > 0 && (
          <PlainAlert
            type="error"
            data-testid="mbl-problems"
            title={t('problems')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {problems.map((p) => (
                  <li key={`${p.field}:${p.msgKey}`}>
                    {p.field}: <MsgText msgKey={p.msgKey} params={p.params} />
                  </li>
                ))}
              </ul>
            }
          />
        )}
        {bill && !bill.editable && bill.status === 'ISSUED' && (
          <PlainAlert type="info" title={t('issuedReadOnly')} data-testid="mbl-issued-note" />
        )}

        <PlainCard title={t('area.bill')}>
          <Flex wrap gap={12}>
            <Form.Item name="source" label={labels.field('source')} style={{ width: 150 }}>
              <ChoiceField
                disabled
                options={(['CONSOL', 'FCL'] as const).map((s) => ({ value: s, label: t(`source.${s}`) }))}
              />
            </Form.Item>
            {start.consol_no && (
              <Form.Item name="consol_no" label={labels.field('consol_no')} style={{ width: 170 }}>
                <PlainTextInput disabled data-testid="mbl-field-consol_no" />
              </Form.Item>
            )}
            <Form.Item
              name="main_so_no"
              label={labels.field('main_so_no')}
              style={{ width: 200 }}
              rules={[requiredMsgRule()]}
            >
              <ChoiceField options={soOptions} data-testid="mbl-field-main_so_no" />
            </Form.Item>
            <Form.Item name="handling_office" label={labels.field('handling_office')} style={{ width: 160 }}>
              <SearchSelect fetchOptionKey="office" data-testid="mbl-field-handling_office" />
            </Form.Item>
            {text('carrier_mbl_no', 200)}
            <Form.Item name="mbl_type" label={labels.field('mbl_type')} style={{ width: 200 }}>
              <ChoiceField
                options={MBL_TYPES.map((v) => ({ value: v, label: t(`mblType.${v}`) }))}
                data-testid="mbl-field-mbl_type"
              />
            </Form.Item>
            <Form.Item name="freight_term" label={labels.field('freight_term')} style={{ width: 140 }}>
              <ChoiceField
                options={MBL_FREIGHT_TERMS.map((v) => ({ value: v, label: t(`freightTerm.${v}`) }))}
                data-testid="mbl-field-freight_term"
              />
            </Form.Item>
            {text('freight_currency', 110)}
            {text('freight_amount', 150)}
            {text('undg_no', 110)}
            {text('imdg_class', 110)}
            <Form.Item name="show_freight" valuePropName="checked" label=" " style={{ width: 150 }}>
              <CheckboxField data-testid="mbl-field-show_freight">
                {labels.field('show_freight')}
              </CheckboxField>
            </Form.Item>
            <Form.Item name="get_tel_fax" valuePropName="checked" label=" " style={{ width: 170 }}>
              <CheckboxField data-testid="mbl-field-get_tel_fax">{labels.field('get_tel_fax')}</CheckboxField>
            </Form.Item>
          </Flex>
        </PlainCard>

        <PlainCard title={t('area.parties')}>
          <Flex wrap gap={12}>
            {text('shipper_name', 320, true)}
            <Form.Item name="shipper_address" label={labels.field('shipper_address')} style={{ width: 320 }}>
              <PlainTextArea rows={3} data-testid="mbl-field-shipper_address" />
            </Form.Item>
            {text('shipper_tel', 170)}
            {text('shipper_fax', 170)}
            <Form.Item
              name="consignee_party_id"
              label={labels.field('consignee_party_id')}
              style={{ width: 320 }}
              rules={[requiredMsgRule()]}
            >
              <SearchSelect fetchOptionKey="party" data-testid="mbl-field-consignee_party_id" />
            </Form.Item>
            <Form.Item name="notify_party_id" label={labels.field('notify_party_id')} style={{ width: 320 }}>
              <SearchSelect fetchOptionKey="party" allowClear data-testid="mbl-field-notify_party_id" />
            </Form.Item>
          </Flex>
        </PlainCard>

        <PlainCard title={t('area.sailing')}>
          <Flex wrap gap={12}>
            {text('carrier_code', 110, true)}
            {text('vessel_name', 220, true)}
            {text('voyage', 120, true)}
            {(['pol', 'pod', 'place_of_delivery'] as const).map((f) => (
              <Form.Item key={f} name={f} label={labels.field(f)} style={{ width: 200 }}>
                <SearchSelect
                  fetchOptionKey="port"
                  allowClear={f === 'place_of_delivery'}
                  data-testid={`mbl-field-${f}`}
                />
              </Form.Item>
            ))}
            <Form.Item name="etd" label={labels.field('etd')} style={{ width: 160 }}>
              <PlainTextInput type="date" data-testid="mbl-field-etd" />
            </Form.Item>
          </Flex>
        </PlainCard>

        <PlainCard title={t('area.cargo')}>
          <Flex wrap gap={12}>
            <Form.Item name="marks" label={labels.field('marks')} style={{ width: 320 }}>
              <PlainTextArea rows={4} data-testid="mbl-field-marks" />
            </Form.Item>
            <Form.Item
              name="goods_description"
              label={labels.field('goods_description')}
              style={{ width: 520 }}
            >
              <PlainTextArea rows={4} data-testid="mbl-field-goods_description" />
            </Form.Item>
          </Flex>
          <Containers />
        </PlainCard>

        <PlainCard title={t('area.houseBills')} data-testid="mbl-house-bills">
          <StaticTable
            pageSize={false}
            rowKey="so_no"
            rows={bill?.sos ?? (start.so_nos ?? []).map((so_no) => ({ so_no }))}
            columns={[
              { key: 'so_no', dataIndex: 'so_no', title: labels.field('so_nos') },
              { key: 'hbl_no', dataIndex: 'hbl_no', title: labels.field('hbl_nos') },
              { key: 'shipper_name', dataIndex: 'shipper_name', title: t('shipper') },
              { key: 'consignee_name', dataIndex: 'consignee_name', title: t('consignee') },
              { key: 'package_qty', dataIndex: 'package_qty', title: labels.field('package_qty') },
              { key: 'gross_weight', dataIndex: 'gross_weight', title: labels.field('gross_weight') },
              { key: 'cbm', dataIndex: 'cbm', title: labels.field('cbm') },
            ]}
          />
          {bill && (
            <Typography.Text strong data-testid="mbl-totals">
              {t('totals', {
                pk: bill.totals.package_qty,
                unit: bill.totals.package_unit,
                kg: bill.totals.gross_weight,
                cbm: bill.totals.cbm,
              })}
            </Typography.Text>
          )}
        </PlainCard>

        {bill && (
          <MblCarrierPanel
            mblNo={bill.mbl_no}
            dirty={dirty}
            fieldLabel={labels.fieldPath}
            valueLabel={labels.diffValue}
          />
        )}

        {bill && (
          <PlainCard title={t('area.history')}>
            <DocumentHistory
              path={mblHistoryPath(bill.mbl_no)}
              testId="mbl-history"
              actionLabel={labels.action}
              statusLabel={labels.status}
              fieldLabel={labels.field}
              formatValue={labels.historyValue}
            />
          </PlainCard>
        )}
      </Flex>
    </Form>
  );
}

/** The containers with the cargo each carries (numbers and seals are edited; the sums must match the SOs). */
function Containers() {
  const { t } = useTranslation('masterBl');
  const labels = useMblLabels();
  return (
    <Form.List name="containers">
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} data-testid="mbl-containers">
          <Typography.Text strong>{t('containers')}</Typography.Text>
          {fields.map((f, i) => (
            <Flex key={f.key} gap={8} wrap align="end">
              <Form.Item name={[f.name, 'seq']} hidden>
                <PlainTextInput />
              </Form.Item>
              <Form.Item
                name={[f.name, 'size_type']}
                label={i === 0 ? labels.field('size_type') : undefined}
                style={{ width: 100 }}
              >
                <ChoiceField
                  options={FCL_CONTAINER_TYPES.map((s) => ({ value: s, label: s }))}
                  aria-label={i === 0 ? undefined : labels.field('size_type')}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'container_no']}
                label={i === 0 ? labels.field('container_no') : undefined}
                style={{ width: 160 }}
              >
                <PlainTextInput
                  aria-label={i === 0 ? undefined : labels.field('container_no')}
                  data-testid={`mbl-container-${i}-no`}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'seal_no']}
                label={i === 0 ? labels.field('seal_no') : undefined}
                style={{ width: 140 }}
              >
                <PlainTextInput
                  aria-label={i === 0 ? undefined : labels.field('seal_no')}
                  data-testid={`mbl-container-${i}-seal`}
                />
              </Form.Item>
              <Form.Item
                name={[f.name, 'package_qty']}
                label={i === 0 ? labels.field('package_qty') : undefined}
                style={{ width: 100 }}
              >
                <NumberField min={0} aria-label={i === 0 ? undefined : labels.field('package_qty')} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'gross_weight']}
                label={i === 0 ? labels.field('gross_weight') : undefined}
                style={{ width: 130 }}
              >
                <PlainTextInput aria-label={i === 0 ? undefined : labels.field('gross_weight')} />
              </Form.Item>
              <Form.Item
                name={[f.name, 'cbm']}
                label={i === 0 ? labels.field('cbm') : undefined}
                style={{ width: 110 }}
              >
                <PlainTextInput aria-label={i === 0 ? undefined : labels.field('cbm')} />
              </Form.Item>
              <Button
                icon={<DeleteOutlined />}
                onClick={() => remove(f.name)}
                aria-label={t('remove')}
                style={{ marginBottom: 24 }}
              />
            </Flex>
          ))}
          <Button
            icon={<PlusOutlined />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              add({
                seq: fields.length + 1,
                size_type: '40HQ',
                package_qty: 0,
                gross_weight: '0',
                cbm: '0',
              } as Container)
            }
          >
            {t('addContainer')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** Print, DCSA export/import and the status moves of a saved bill (moves wait for a saved form). */
function BillTools({ bill, dirty }: { bill: TMasterBl; dirty: boolean }) {
  const { t } = useTranslation('masterBl');
  const labels = useMblLabels();
  const { message, modal } = useApp();
  const act = useMblAction();
  const [reasonFor, setReasonFor] = useState<TMblAction | null>(null);
  const [importing, setImporting] = useState<{ text: string; answer: MblImportAnswer } | null>(null);
  const [importErrors, setImportErrors] = useState<TFieldError[] | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [siProblems, setSiProblems] = useState<TFieldError[] | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const imp = useMblImport();
  const no = encodeURIComponent(bill.mbl_no);

  const run = (action: TMblAction, why?: string) =>
    act
      .mutateAsync({ no: bill.mbl_no, action, version: bill.version, ...(why ? { reason: why } : {}) })
      .then(() => {
        message.success(t('done', { action: labels.action(action) }));
        setReasonFor(null);
      })
      .catch((e: unknown) => {
        const details = (e as { body?: { details?: TFieldError[] } }).body?.details;
        if (details?.length)
          modal.error({
            title: errorText(t, e),
            content: (
              <ul data-testid="mbl-action-problems">
                {details.map((d) => (
                  <li key={`${d.field}:${d.msgKey}`}>
                    {dcsaProblem(d, labels.fieldPath, (k, p) => msgText(t, k, p))}
                  </li>
                ))}
              </ul>
            ),
          });
        else message.error(errorText(t, e));
      });

  const onFile = async (file: File) => {
    const text = await file.text();
    setImportErrors(null);
    try {
      const answer = await imp.mutateAsync({ no: bill.mbl_no, version: bill.version, apply: false, text });
      setImporting({ text, answer });
    } catch (e) {
      const details = (e as { body?: { details?: TFieldError[] } }).body?.details ?? [];
      setImportErrors(details.length ? details : [{ field: '', msgKey: errorText(t, e) }]);
    }
  };

  return (
    <>
      <Button
        icon={<FilePdfOutlined />}
        disabled={false}
        onClick={() => setPreviewing(true)}
        data-testid="mbl-print"
      >
        {t('print')}
      </Button>
      <Button
        icon={<CloudDownloadOutlined />}
        disabled={false}
        onClick={() =>
          download(`/MasterBL/${no}/dcsa/shipping-instructions`).catch((e: unknown) => {
            const details = (e as { body?: { details?: TFieldError[] } }).body?.details ?? [];
            if (details.length) setSiProblems(details);
            else message.error(errorText(t, e));
          })
        }
        data-testid="mbl-dcsa-si"
      >
        {t('dcsaSi')}
      </Button>
      {bill.editable && (
        <>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            style={{ display: 'none' }}
            data-testid="mbl-dcsa-td-file"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void onFile(f);
            }}
          />
          <Button
            icon={<CloudUploadOutlined />}
            disabled={dirty}
            loading={imp.isPending}
            onClick={() => fileRef.current?.click()}
            data-testid="mbl-dcsa-td"
          >
            {t('dcsaTd')}
          </Button>
        </>
      )}
      {bill.allowed_actions.map((a) => (
        <Button
          key={a}
          disabled={dirty}
          danger={a === 'cancel'}
          loading={act.isPending && act.variables?.action === a}
          onClick={() => (MBL_ACTIONS[a].reason ? setReasonFor(a) : void run(a))}
          data-testid={`mbl-action-${a}`}
        >
          {labels.action(a)}
        </Button>
      ))}
      {dirty && bill.allowed_actions.length > 0 && (
        <Typography.Text type="secondary">{t('saveFirst')}</Typography.Text>
      )}
      {reasonFor && (
        <ReasonDialog
          title={labels.action(reasonFor)}
          label={t('reason')}
          okTestId="mbl-reason-ok"
          inputTestId="mbl-reason"
          onCancel={() => setReasonFor(null)}
          onOk={(why) => run(reasonFor, why)}
        />
      )}
      {(previewing || siProblems) && (
        <Suspense fallback={null}>
          {previewing && <MblPdfPreview mblNo={bill.mbl_no} onClose={() => setPreviewing(false)} />}
          {siProblems && <MblSiRefusal problems={siProblems} onClose={() => setSiProblems(null)} />}
        </Suspense>
      )}
      {(importing || importErrors) && (
        <Suspense fallback={null}>
          <MblDcsaDialogs
            bill={bill}
            importing={importing}
            importErrors={importErrors}
            onClose={() => {
              setImporting(null);
              setImportErrors(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
