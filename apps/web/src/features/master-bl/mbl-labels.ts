import { MBL_FILTER_FIELDS, MBL_SOURCES, MBL_STATUSES, type TFieldError } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { historyWording } from '../../shared/history/history-wording';
import { customFilterFieldsOf } from '../../shared/list/custom-filter';

/** Translated labels of the master BL codes and fields (namespace `masterBl`). */
export function useMblLabels() {
  const { t } = useTranslation('masterBl');
  const { t: tl } = useTranslation('list');
  const label = (group: string) => (v: string) => t(`${group}.${v}`, { defaultValue: v });
  // A field path of a DCSA message or an import difference, labelled part by part as history labels it
  // ('containers.0.seal_no' → "Containers 1 · Seal No.", issue 39), never as the path.
  const wording = historyWording(tl, label('field'));
  const options = (values: readonly string[], group: string) =>
    values.map((value) => ({ value, label: label(group)(value) }));
  return {
    status: label('status'),
    action: label('action'),
    field: label('field'),
    /** 'containers.0.seal_no' → "Containers 1 · Seal No."; '' (no field) → ''. */
    fieldPath: (path: string) => (path ? wording.label(path) : ''),
    /** A value of an import difference as history words it (empty, Yes/No, local times). */
    diffValue: (path: string, v: unknown) => wording.value(path, v),
    /** A changed code in the history as its word (the rest the shared history words). */
    historyValue: (field: string, v: unknown) => {
      const group = { status: 'status', source: 'source', mbl_type: 'mblType', freight_term: 'freightTerm' }[
        field
      ];
      return group ? label(group)(String(v)) : undefined;
    },
    statusOptions: options(MBL_STATUSES, 'status'),
    customFilterFields: () =>
      customFilterFieldsOf(MBL_FILTER_FIELDS, label('field'), {
        status: { options: options(MBL_STATUSES, 'status') },
        source: { options: options(MBL_SOURCES, 'source') },
        carrier_code: { fetchOptionKey: 'carrier' },
        pol: { fetchOptionKey: 'port' },
        pod: { fetchOptionKey: 'port' },
        handling_office: { fetchOptionKey: 'office' },
      }),
  };
}

/** Tag colour of a master BL status. */
export const mblColor = (s: string) =>
  ({ DRAFT: 'gold', ISSUED: 'green', CANCELLED: 'default' })[s] ?? 'default';

/**
 * One DCSA problem as the user reads it: the bill's field labelled ("SO# 1: SO123 has no HS code"); a schema
 * problem of the carrier's file (its JSON path and the validator's words) as the server gave it.
 */
export function dcsaProblem(
  d: TFieldError,
  fieldPath: (path: string) => string,
  msg: (key: string, params: TFieldError['params']) => string | null,
): string {
  if (typeof d.params?.message === 'string')
    return d.field ? `${d.field}: ${d.params.message}` : d.params.message;
  const text = msg(d.msgKey, d.params) ?? d.msgKey;
  const where = fieldPath(d.field);
  return where ? `${where}: ${text}` : text;
}
