import { DATETIME_FORMAT } from '@portal/contracts';
import { Flex } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { Button } from '../../shared/button';
import { useApp } from '../../shared/feedback';
import { applyServerErrors, Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { errorText, msgText } from '../../shared/i18n/error-text';
import { loadMsg } from '../../shared/i18n/i18n';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { exchangeRateApi } from './invoice-list-api';
import { exchangeRatePath } from './invoice-paths';

interface FxValues {
  from_currency: string;
  to_currency: string;
  rate: string;
  effective_date: string;
}

/** /BMS/exchange_rate_maintenance/{id|new}: a new rate, or a changed one with the 002 §8 change message. */
export default function ExchangeRateDetailPage() {
  const { t } = useTranslation('invoice');
  const { message } = useApp();
  const navigate = useNavigate();
  const { id: raw } = useParams();
  const id = raw && raw !== 'new' ? Number(raw) : null;
  const one = exchangeRateApi.useOne(id);
  const create = exchangeRateApi.useCreate();
  const update = exchangeRateApi.useUpdate();
  const [form] = Form.useForm<FxValues>();
  const [notice, setNotice] = useState<string | null>(null);
  if (id !== null && one.error) return <PlainAlert type="error" title={errorText(t, one.error)} />;
  if (id !== null && !one.data)
    return <span className="plain-spinner" role="status" aria-label={t('common:loading')} />;
  const r = one.data;
  const submit = async (v: FxValues) => {
    try {
      const saved = r
        ? await update.mutateAsync({ id: r.id, body: { rate: v.rate, version: r.version } })
        : await create.mutateAsync(v);
      // The answer's message is a msg key: that namespace loads now, not with the page.
      if (saved.message) await loadMsg();
      const text = saved.message ? msgText(t, saved.message.msgKey, saved.message.params) : null;
      setNotice(text);
      message.success(text ?? t('fx.created', { from: saved.from_currency, to: saved.to_currency }));
      if (!r) navigate(exchangeRatePath(saved.id), { replace: true });
    } catch (e) {
      const unmatched = applyServerErrors(form, e, t);
      if (unmatched.length || !form.getFieldsError().some((f) => f.errors.length))
        message.error(errorText(t, e));
    }
  };
  return (
    <Flex vertical gap={12} style={{ maxWidth: 640 }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {r
          ? t('fx.editTitle', { from: r.from_currency, to: r.to_currency, date: r.effective_date })
          : t('fx.newRate')}
      </Typography.Title>
      {notice && <PlainAlert type="info" title={notice} data-testid="exchange-rate-notice" />}
      {r && (
        <PlainFacts
          size="small"
          column={2}
          items={[
            { key: 'by', label: t('fx.updated_by'), children: r.updated_by },
            { key: 'at', label: t('fx.updated_at'), children: dayjs(r.updated_at).format(DATETIME_FORMAT) },
          ]}
        />
      )}
      <Form<FxValues>
        key={r ? `${r.id}-${r.version}` : 'new'}
        form={form}
        layout="vertical"
        initialValues={r ?? { effective_date: dayjs().format('YYYY-MM-DD') }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item name="from_currency" label={t('fx.from_currency')} rules={[requiredMsgRule()]}>
          <PlainTextInput maxLength={3} disabled={!!r} data-testid="fx-from" />
        </Form.Item>
        <Form.Item name="to_currency" label={t('fx.to_currency')} rules={[requiredMsgRule()]}>
          <PlainTextInput maxLength={3} disabled={!!r} data-testid="fx-to" />
        </Form.Item>
        <Form.Item name="rate" label={t('fx.rate')} rules={[requiredMsgRule()]}>
          <PlainTextInput inputMode="decimal" data-testid="fx-rate" />
        </Form.Item>
        <Form.Item name="effective_date" label={t('fx.effective_date')} rules={[requiredMsgRule()]}>
          <PlainTextInput type="date" disabled={!!r} data-testid="fx-date" />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={create.isPending || update.isPending}
          data-testid="fx-save"
        >
          {t('save')}
        </Button>
      </Form>
    </Flex>
  );
}
