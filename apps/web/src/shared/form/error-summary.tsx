import type { MouseEvent, ReactNode } from 'react';
import { MsgText } from '../i18n/msg-text';
import { PlainAlert } from '../plain/plain-alert';
import './error-summary.css';
import type { ServerFieldErrors } from './server-field-errors';

type NamePath = (string | number)[];

/** The id antd gives a field's control in a form without a name (`lines_0_tax_code`): the link's target. */
const controlId = (name: NamePath) => name.join('_');

/**
 * The error summary of a refused save or step (issue 39; docs/accessibility.md "Error summary"): above the
 * form, announced, it names every field in error with its message, each a link that opens the field's tab,
 * scrolls to it and puts the cursor in it; problems no field shows are listed without a link. It follows
 * `useServerFieldErrors` (its `summary`): a corrected field leaves the list, and the box closes with the last.
 */
export function ErrorSummary({
  errors,
  title,
  fieldLabel,
  'data-testid': testId = 'error-summary',
}: {
  errors: Pick<ServerFieldErrors, 'summary' | 'focusField'>;
  /** What the summary is about, e.g. "Confirm needs these fields:". */
  title: ReactNode;
  /** A field's name as the form labels it, from its dotted path (`carrier_code`, `lines.0.tax_code`). */
  fieldLabel: (field: string) => ReactNode;
  'data-testid'?: string;
}) {
  const { summary, focusField } = errors;
  if (!summary) return null;
  const go = (name: NamePath) => (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    focusField(name);
  };
  return (
    <PlainAlert
      type="error"
      className="error-summary"
      data-testid={testId}
      title={title}
      description={
        <ul className="error-summary-list">
          {summary.fields.map((f) => {
            const field = f.name.join('.');
            return (
              <li key={field} data-field={field}>
                <a
                  href={`#${controlId(f.name)}`}
                  onClick={go(f.name)}
                  data-testid={`${testId}-link-${field}`}
                >
                  {fieldLabel(field)}
                </a>
                {f.errors.length > 0 && <span className="error-summary-message">{f.errors.join(' ')}</span>}
              </li>
            );
          })}
          {summary.unmatched.map((d) => (
            <li key={`${d.field}:${d.msgKey}`} data-field={d.field}>
              <span>{fieldLabel(d.field)}</span>
              <span className="error-summary-message">
                <MsgText msgKey={d.msgKey} params={d.params} />
              </span>
            </li>
          ))}
        </ul>
      }
    />
  );
}
