import type { TFieldError } from '@portal/contracts';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from './form';
import { applyServerErrors, fieldErrorsOf, type MapFieldErrorsOptions } from './server-errors';
import { type ErroredField, type FieldTab, type TabErrors, useTabErrors } from './tab-errors';

/** What an error summary lists (`<ErrorSummary>`): the fields still in error and the problems no field shows. */
export interface ErrorSummaryState {
  fields: ErroredField[];
  unmatched: TFieldError[];
}

export interface ServerFieldErrors extends TabErrors {
  /**
   * Puts a refused call's field errors (`details`) on the form's fields, marks the tabs holding them, opens the
   * first one's tab, focuses that field and opens the summary. Answers the problems placed on fields and those
   * no field shows (`unmatched`: the summary lists them too). Both empty when the error names no field.
   */
  apply: (error: unknown) => { placed: TFieldError[]; unmatched: TFieldError[] };
  /**
   * After the form's own check failed (`validateFields`, or `setFields` with the client's checks): marks the
   * tabs, leads to the first field and opens the summary, as `apply` does for the server's refusal.
   */
  showSummary: () => boolean;
  /** The open summary (null when closed, or once every listed field is corrected). */
  summary: ErrorSummaryState | null;
  /** Closes the summary (a new attempt starts). */
  clearSummary: () => void;
}

/**
 * Server field errors on a tabbed antd form (issues 38, 39): the refusal of a save or of a step (an invoice's
 * Prepare, a booking's Confirm) names its fields; the user is led to the first one, on whatever tab it is, the
 * tabs count their errors, and `<ErrorSummary>` lists them all with links. Any detail screen with tabs can use
 * it; without tabs, `applyServerErrors` alone does.
 */
export function useServerFieldErrors(
  form: FormInstance,
  opts: {
    fieldTab: FieldTab;
    setTab: (tabKey: string) => void;
    fieldMap?: MapFieldErrorsOptions['fieldMap'];
  },
): ServerFieldErrors {
  // Not 'msg' here (it would load every message with the page): a refused call (ApiError) has loaded the
  // messages before it rejects, and mapFieldErrors reads them with `ns: 'msg'`.
  const { t } = useTranslation('common');
  const tabs = useTabErrors(form, { fieldTab: opts.fieldTab, setTab: opts.setTab });
  const { showErrors } = tabs;
  const fieldMap = opts.fieldMap;
  const [open, setOpen] = useState<{ unmatched: TFieldError[] } | null>(null);
  const apply = useCallback(
    (error: unknown) => {
      const all = fieldErrorsOf(error);
      if (!all.length) return { placed: [], unmatched: [] };
      const unmatched = applyServerErrors(form, error, t, { fieldMap });
      const placed = all.filter((d) => !unmatched.includes(d));
      if (placed.length) showErrors();
      setOpen({ unmatched });
      return { placed, unmatched };
    },
    [form, t, fieldMap, showErrors],
  );
  const showSummary = useCallback(() => {
    const shown = showErrors();
    setOpen(shown ? { unmatched: [] } : null);
    return shown;
  }, [showErrors]);
  const clearSummary = useCallback(() => setOpen(null), []);
  // Live: a corrected field leaves the list; the summary closes with the last one.
  const summary =
    open && (tabs.errored.length || open.unmatched.length)
      ? { fields: tabs.errored, unmatched: open.unmatched }
      : null;
  return { ...tabs, apply, showSummary, summary, clearSummary };
}
