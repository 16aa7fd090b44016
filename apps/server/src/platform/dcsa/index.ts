export {
  DCSA_DOCUMENTS,
  DCSA_MAX_ERRORS,
  DCSA_VERSIONS,
  type DcsaDocument,
  type DcsaError,
  dcsaExamples,
  validateDcsa,
  validateDcsaText,
} from './dcsa-validate.js';
