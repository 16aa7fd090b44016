import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './tab-errors.css';
import type { FormInstance } from './form';

type NamePath = (string | number)[];

/** Which tab holds a field: a map by the field's first name part, or a function of the whole name path. */
export type FieldTab = Record<string, string> | ((name: NamePath) => string | undefined);

/** A field with errors, as the form holds it (in the form's own order). */
export interface ErroredField {
  name: NamePath;
  errors: string[];
}

export interface TabErrors {
  /** Fields with an error, per tab key (tabs without errors are absent). */
  counts: Record<string, number>;
  /** The fields with errors, in the form's order (kept current by `onFieldsChange` and `showErrors`). */
  errored: ErroredField[];
  /** The Form's `onFieldsChange`: keeps the counts current while the user corrects fields. */
  onFieldsChange: () => void;
  /**
   * Re-reads the form's errors (call it after a failed `validateFields` or after `setFields` with the
   * server's field errors), opens the tab of the first errored field and focuses that field.
   * Returns false when no field has an error.
   */
  showErrors: () => boolean;
  /** Opens the tab of a field, scrolls to it and focuses it (an error summary's link). */
  focusField: (name: NamePath) => void;
  /**
   * A tab label: the text, red with a badge counting the tab's errored fields when it has any; otherwise, with
   * `required` > 0, a required marker (*n) counting the tab's required fields still empty.
   */
  label: (tabKey: string, text: ReactNode, testId?: string, opts?: { required?: number }) => ReactNode;
}

const tabOf = (fieldTab: FieldTab, name: NamePath) =>
  typeof fieldTab === 'function' ? fieldTab(name) : fieldTab[String(name[0])];

/**
 * Marks the tabs of a tabbed form that hold errors and leads the user to the first one. antd shows a field's
 * error only on its own (possibly hidden) tab, so without this a failed save looks like nothing happened.
 * The tabs must render their panes while hidden (`forceRender`) so every field is validated.
 */
export function useTabErrors(
  form: FormInstance,
  { fieldTab, setTab }: { fieldTab: FieldTab; setTab: (tabKey: string) => void },
): TabErrors {
  const { t } = useTranslation('common');
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [errored, setErrored] = useState<ErroredField[]>([]);
  // The field to focus once its tab is shown and the form is enabled again (a save disables it).
  const focusRequest = useRef<{ name: NamePath; until: number } | null>(null);
  const [, rendered] = useState(0);
  const fieldTabRef = useRef(fieldTab);
  fieldTabRef.current = fieldTab;

  /** Errored fields in the form's own order (the order they are rendered in). */
  const read = useCallback(() => {
    const errored = form.getFieldsError().filter((f) => f.errors.length > 0);
    const next: Record<string, number> = {};
    for (const f of errored) {
      const tab = tabOf(fieldTabRef.current, f.name);
      if (tab) next[tab] = (next[tab] ?? 0) + 1;
    }
    setCounts((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    const list = errored.map((f) => ({ name: f.name, errors: f.errors }));
    setErrored((prev) => (JSON.stringify(prev) === JSON.stringify(list) ? prev : list));
    return errored;
  }, [form]);

  const focusField = useCallback(
    (name: NamePath) => {
      const tab = tabOf(fieldTabRef.current, name);
      if (tab) setTab(tab);
      focusRequest.current = { name, until: Date.now() + 5_000 };
      rendered((n) => n + 1);
    },
    [setTab],
  );

  const showErrors = useCallback(() => {
    const first = read()[0];
    if (!first) return false;
    focusField(first.name);
    return true;
  }, [read, focusField]);

  // While a focus is pending: the tab's pane shows a frame or two after the tab switch, and a save keeps
  // the form disabled until its answer is handled, so try each frame until the field takes the focus (or
  // the request lapses).
  useEffect(() => {
    let frame = 0;
    const attempt = () => {
      const request = focusRequest.current;
      if (!request) return;
      form.scrollToField(request.name, { focus: true, block: 'center' });
      if (document.activeElement?.closest('.ant-form-item') || Date.now() > request.until) {
        focusRequest.current = null;
      } else {
        frame = requestAnimationFrame(attempt);
      }
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  });

  const label = (tabKey: string, text: ReactNode, testId?: string, opts?: { required?: number }) => {
    const n = counts[tabKey] ?? 0;
    const required = n ? 0 : (opts?.required ?? 0);
    return (
      <span data-testid={testId} data-errors={n || undefined} data-required={required || undefined}>
        <span className={n ? 'tab-errors-text' : undefined}>{text}</span>
        {required > 0 && (
          <span
            className="tab-required-mark"
            role="img"
            title={t('form.tabRequired', { count: required })}
            aria-label={t('form.tabRequired', { count: required })}
            data-testid={testId ? `${testId}-required` : undefined}
          >
            *{required}
          </span>
        )}
        {n > 0 && (
          <span
            className="tab-errors-badge"
            role="img"
            title={t('form.tabErrors', { count: n })}
            aria-label={t('form.tabErrors', { count: n })}
            data-testid={testId ? `${testId}-errors` : undefined}
          >
            {n}
          </span>
        )}
      </span>
    );
  };

  return { counts, errored, onFieldsChange: read, showErrors, focusField, label };
}
