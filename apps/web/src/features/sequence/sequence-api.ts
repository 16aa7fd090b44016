import {
  SEQ_DOC_TYPES,
  SEQ_RESET_PERIODS,
  SEQ_STATUSES,
  SEQUENCE_SORTABLE,
  type TCreateSequenceRuleRequest,
  type TSequenceRule,
  type TSequenceRuleDetail,
  type TUpdateSequenceRuleRequest,
} from '@portal/contracts';
import { useListQuery } from '../../shared/list/use-list-query';
import { recordApi } from '../../shared/maintenance/record-api';

export type SequenceFilter = 'doc_type' | 'reset_period' | 'status' | 'filters';

/** Hooks of /SequenceRule: one rule, create, update (saves answer the rule with its counters). */
export const sequenceApi = recordApi<
  TSequenceRuleDetail,
  TCreateSequenceRuleRequest,
  TUpdateSequenceRuleRequest
>({
  path: '/SequenceRule',
  key: 'sequence-rule',
  idOf: (r) => r.mst_seq_rule_id,
});

/** The rule list with its search, filters, sort and page in the URL. */
export function useSequenceRuleList() {
  return useListQuery<TSequenceRule, SequenceFilter>({
    queryKey: sequenceApi.listKey,
    path: '/SequenceRule',
    filters: {
      doc_type: SEQ_DOC_TYPES,
      reset_period: SEQ_RESET_PERIODS,
      status: SEQ_STATUSES,
      filters: null,
    },
    sortable: SEQUENCE_SORTABLE,
  });
}
