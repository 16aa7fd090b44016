import type { TFieldError } from '@portal/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormInstance } from './form';
import { applyServerErrors, fieldErrorsOf, type MapFieldErrorsOptions } from './server-errors';
import { type FieldTab, type TabErrors, useTabErrors } from './tab-errors';

export interface ServerFieldErrors extends TabErrors {
  /**
   * Puts a refused call's field errors (`details`) on the form's fields, marks the tabs holding them, opens the
   * first one's tab and focuses that field. Answers the problems placed on fields and those no field shows
   * (`unmatched`: show those in a message). Both empty when the error names no field.
   */
  apply: (error: unknown) => { placed: TFieldError[]; unmatched: TFieldError[] };
}

/**
 * Server field errors on a tabbed antd form (issue 38): the refusal of a save or of a step (e.g. an invoice's
 * Prepare) names its fields, and the user is led to the first one, on whatever tab it is. Any detail screen
 * with tabs can use it (booking, master bill, party); without tabs, `applyServerErrors` alone does.
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
  const apply = useCallback(
    (error: unknown) => {
      const all = fieldErrorsOf(error);
      if (!all.length) return { placed: [], unmatched: [] };
      const unmatched = applyServerErrors(form, error, t, { fieldMap });
      const placed = all.filter((d) => !unmatched.includes(d));
      if (placed.length) showErrors();
      return { placed, unmatched };
    },
    [form, t, fieldMap, showErrors],
  );
  return { ...tabs, apply };
}
