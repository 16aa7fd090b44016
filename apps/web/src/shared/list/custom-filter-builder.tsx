import { FilterOutlined } from '@ant-design/icons';
import type { TListFilterRule } from '@portal/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { type CustomFilterField, type DraftRule, draftProblems, draftsToRules } from './custom-filter';
import { DialogPopover } from './dialog-popover';
import './custom-filter.css';

// The rules panel (selects, inputs, the date picker) loads on demand: when the button is first pointed at,
// focused or pressed (issue 20: route weight).
const loadPanel = () => import('./custom-filter-panel');
const CustomFilterPanel = lazy(loadPanel);

export interface CustomFilterBuilderProps {
  fields: CustomFilterField[];
  /** The rules now applied. */
  value: TListFilterRule[];
  /** Applies new rules (an empty array clears the custom filter). */
  onApply: (rules: TListFilterRule[]) => void;
}

/** "Custom filter": rules of field, operator and value; all parts needed, typed values at least 3 characters. */
export function CustomFilterBuilder({ fields, value, onApply }: CustomFilterBuilderProps) {
  const { t } = useTranslation('list');
  const [open, setOpen] = useState(false);
  const [drafts, setDrafts] = useState<DraftRule[]>([]);
  const [checked, setChecked] = useState(false);
  const problems = draftProblems(drafts, fields);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setDrafts(value.length ? value.map((r) => ({ ...r })) : [{}]);
      setChecked(false);
    }
    setOpen(next);
  };
  const apply = () => {
    setChecked(true);
    const rules = draftsToRules(drafts, fields);
    if (!rules) return;
    onApply(rules);
    setOpen(false);
  };

  const content = open ? (
    <Suspense fallback={<span className="portal-dt-spinner" role="status" aria-label={t('loading')} />}>
      <CustomFilterPanel
        fields={fields}
        drafts={drafts}
        setDrafts={setDrafts}
        problems={problems}
        checked={checked}
        onApply={apply}
        onClear={() => {
          onApply([]);
          setOpen(false);
        }}
      />
    </Suspense>
  ) : null;

  // The count of applied rules sits on the button like antd's Badge (the button's text says it too).
  return (
    <span className="portal-filter-badge-host">
      <DialogPopover
        placement="bottomLeft"
        title={t('customFilter.title')}
        content={content}
        open={open}
        onOpenChange={onOpenChange}
      >
        <Button
          icon={<FilterOutlined />}
          data-testid="custom-filter-button"
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
        >
          {value.length ? t('customFilter.buttonActive', { count: value.length }) : t('customFilter.button')}
        </Button>
      </DialogPopover>
      {value.length ? (
        <span className="portal-filter-badge" aria-hidden>
          {value.length}
        </span>
      ) : null}
    </span>
  );
}
