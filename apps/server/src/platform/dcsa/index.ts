export {
  DCSA_DOCUMENTS,
  DCSA_MAX_ERRORS,
  DCSA_VERSIONS,
  type DcsaDocument,
  type DcsaError,
  type DcsaStandard,
  dcsaExamples,
  hasDcsaSchema,
  validateDcsa,
  validateDcsaSchema,
  validateDcsaText,
} from './dcsa-validate.js';
