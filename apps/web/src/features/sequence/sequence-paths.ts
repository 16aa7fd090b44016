/** Where the sequence rule screens live (000 §2.3, [seq_base]). */
export const SEQUENCE_LIST_PATH = '/BMS/Admin/SEQ/SequenceSearch';
/** The detail screen of one rule, or of a new one. */
export const sequenceRulePath = (id: number | 'new') => `/BMS/Admin/SEQ/sequence_rule_details/${id}`;
