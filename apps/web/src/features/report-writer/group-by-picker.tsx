import { RW_LIMITS, type TRwField } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { LocalComboField } from '../../shared/plain/local-combo-field';
import { PlainTag } from '../../shared/plain/plain-tag';
import { Typography } from '../../shared/plain/typography';
import '../../shared/plain/multi-fields.css';

/**
 * Up to three group-by fields (in order), without antd's Select (issue 20): the chosen ones as tags with a
 * remove button, then a box over the groupable fields (a long list typed to narrow) whose pick adds one.
 */
export function GroupByPicker({
  fields,
  value,
  onChange,
  label,
}: {
  fields: readonly TRwField[];
  value: string[];
  onChange: (v: string[]) => void;
  label: (key: string) => string;
}) {
  const { t } = useTranslation('report-writer');
  const full = value.length >= RW_LIMITS.maxGroupBy;
  const choices = fields
    .filter((f) => f.groupable && !value.includes(f.key))
    .map((f) => ({ value: f.key, label: label(f.key) }));
  return (
    <div className="fields-code-tags" style={{ maxWidth: 560 }}>
      {value.length === 0 ? (
        <Typography.Text type="secondary">{t('group.none')}</Typography.Text>
      ) : (
        <ol className="fields-code-tags-list" data-testid="rw-group-by-chosen">
          {value.map((key) => (
            <li key={key}>
              <PlainTag data-testid={`rw-group-by-${key}`}>
                {label(key)}
                <button
                  type="button"
                  className="fields-code-tags-remove"
                  aria-label={t('group.remove', { name: label(key) })}
                  onClick={() => onChange(value.filter((k) => k !== key))}
                >
                  ×
                </button>
              </PlainTag>
            </li>
          ))}
        </ol>
      )}
      <LocalComboField
        value={undefined}
        options={choices}
        disabled={full}
        aria-label={t('group.by')}
        onChange={(key) => key && !full && onChange([...value, key])}
        data-testid="rw-group-by"
      />
    </div>
  );
}
