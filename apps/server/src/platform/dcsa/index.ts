export { PRECOMPILED_SCHEMAS as DCSA_PRECOMPILED_SCHEMAS } from './dcsa-spec.js';
export {
  DCSA_DOCUMENTS,
  DCSA_MAX_ERRORS,
  DCSA_VERSIONS,
  type DcsaDocument,
  type DcsaError,
  type DcsaStandard,
  dcsaExamples,
  dcsaRefusal,
  hasDcsaSchema,
  validateDcsa,
  validateDcsaSchema,
  validateDcsaText,
} from './dcsa-validate.js';
