import { RW_LIMITS } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CodeTagsField } from '../../shared/plain/multi-fields';
import { isEmail } from './report-model';

/**
 * The schedule's recipients, typed and confirmed with Enter, a comma, a semicolon or a space, kept in lower
 * case; an address that is not an e-mail shows red at once (and the box is marked invalid). Each address is a tag
 * with a remove button; Backspace in the empty box takes the last one back (the shared code-tags input).
 */
export function RecipientsField({
  id,
  value,
  onChange,
  disabled,
}: {
  id: string;
  value: string[];
  onChange: (v: string[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('report-writer');
  return (
    <CodeTagsField
      id={id}
      value={value}
      onChange={onChange}
      disabled={disabled}
      max={RW_LIMITS.maxRecipients}
      separator={/[,;\s]/}
      normalise={(r) => r.toLowerCase()}
      tagColour={(r) => (isEmail(r) ? 'default' : 'red')}
      tagTestId={(r) => `rw-recipient-${r}`}
      removeLabel={(email) => t('schedule.removeRecipient', { email })}
      aria-invalid={value.some((r) => !isEmail(r)) || undefined}
      data-testid="rw-schedule-recipients"
    />
  );
}
