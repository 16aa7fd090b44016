import { RW_FREQUENCIES, RW_LIMITS } from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { ChoiceField } from '../../shared/plain/form-fields';
import { Typography } from '../../shared/plain/typography';
import { RecipientsField } from './recipients-field';
import { isEmail, type RwFormValues } from './report-model';

type Schedule = RwFormValues['schedule'];

const HOURS = Array.from({ length: 24 }, (_, h) => h);

const MONTHDAYS = Array.from({ length: 28 }, (_, d) => d + 1);

/**
 * When the report is e-mailed (daily, weekly on a weekday, monthly on a day 1-28, at an hour) and to whom.
 * Recipients are typed and confirmed with Enter or a comma; an address that is not an e-mail is marked red at once.
 */
export function ScheduleEditor({
  value,
  onChange,
  disabled,
  recipientsError,
}: {
  value: Schedule;
  onChange: (v: Schedule) => void;
  disabled?: boolean;
  recipientsError: string | null;
}) {
  const { t } = useTranslation('report-writer');
  const set = (p: Partial<Schedule>) => onChange({ ...value, ...p });
  const bad = value.recipients.filter((r) => !isEmail(r));
  const needsRecipients = value.frequency !== 'none';
  return (
    <Flex gap={16} wrap align="start" data-testid="rw-schedule">
      <Form.Item label={t('schedule.frequency')} htmlFor="rw-frequency" style={{ marginBottom: 0 }}>
        <ChoiceField
          id="rw-frequency"
          style={{ width: 150 }}
          disabled={disabled}
          value={value.frequency}
          options={RW_FREQUENCIES.map((f) => ({ value: f, label: t(`frequency.${f}`) }))}
          onChange={(v) => {
            if (!v) return;
            const frequency = v as Schedule['frequency'];
            set({
              frequency,
              weekday: frequency === 'weekly' ? (value.weekday ?? 1) : undefined,
              monthday: frequency === 'monthly' ? (value.monthday ?? 1) : undefined,
            });
          }}
          data-testid="rw-schedule-frequency"
        />
      </Form.Item>
      {value.frequency === 'weekly' && (
        <Form.Item label={t('schedule.weekday')} htmlFor="rw-weekday" required style={{ marginBottom: 0 }}>
          <ChoiceField
            id="rw-weekday"
            style={{ width: 150 }}
            disabled={disabled}
            value={String(value.weekday ?? 1)}
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: String(d), label: t(`weekday.${d}`) }))}
            onChange={(d) => d && set({ weekday: Number(d) })}
            data-testid="rw-schedule-weekday"
          />
        </Form.Item>
      )}
      {value.frequency === 'monthly' && (
        <Form.Item label={t('schedule.monthday')} htmlFor="rw-monthday" required style={{ marginBottom: 0 }}>
          <ChoiceField
            id="rw-monthday"
            style={{ width: 110 }}
            disabled={disabled}
            value={String(value.monthday ?? 1)}
            options={MONTHDAYS.map((d) => ({ value: String(d), label: String(d) }))}
            onChange={(d) => d && set({ monthday: Number(d) })}
            data-testid="rw-schedule-monthday"
          />
        </Form.Item>
      )}
      {value.frequency !== 'none' && (
        <Form.Item label={t('schedule.hour')} htmlFor="rw-hour" required style={{ marginBottom: 0 }}>
          <ChoiceField
            id="rw-hour"
            style={{ width: 110 }}
            disabled={disabled}
            value={String(value.hour)}
            options={HOURS.map((h) => ({ value: String(h), label: `${String(h).padStart(2, '0')}:00` }))}
            onChange={(h) => h && set({ hour: Number(h) })}
            data-testid="rw-schedule-hour"
          />
        </Form.Item>
      )}
      <Form.Item
        label={t('schedule.recipients')}
        htmlFor="rw-recipients"
        required={needsRecipients}
        style={{ marginBottom: 0, flex: 1, minWidth: 320 }}
        validateStatus={recipientsError || bad.length ? 'error' : undefined}
        help={
          bad.length
            ? t('schedule.badRecipients', { list: bad.join(', ') })
            : (recipientsError ?? t('schedule.recipientsHint', { max: RW_LIMITS.maxRecipients }))
        }
      >
        <RecipientsField
          id="rw-recipients"
          value={value.recipients}
          disabled={disabled}
          onChange={(recipients) => set({ recipients })}
        />
      </Form.Item>
      {value.frequency === 'none' && (
        <Typography.Text type="secondary" style={{ flexBasis: '100%' }}>
          {t('schedule.noneHint')}
        </Typography.Text>
      )}
    </Flex>
  );
}
