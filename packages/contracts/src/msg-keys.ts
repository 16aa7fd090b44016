/**
 * Message keys the server answers with (`msgKey`) and the web app translates in its `msg` namespace.
 * Keys named in the spec keep their spelling (msgStrongPWRequired, errSaveUnknown, msgNoRecordFound...).
 */
export const MSG = {
  // generic
  validationFailed: 'msgValidationFailed',
  fieldRequired: 'msgFieldRequired',
  fieldInvalidType: 'msgFieldInvalidType',
  fieldTooLong: 'msgFieldTooLong',
  fieldTooShort: 'msgFieldTooShort',
  fieldInvalid: 'msgFieldInvalid',
  fieldUnknown: 'msgFieldUnknown',
  malformedJson: 'msgMalformedJson',
  unsupportedMediaType: 'msgUnsupportedMediaType',
  payloadTooLarge: 'msgPayloadTooLarge',
  tooManyRequests: 'msgTooManyRequests',
  noRecordFound: 'msgNoRecordFound',
  notFound: 'msgNotFound',
  recordNotLatest: 'msgRecordNotLatest',
  noPermission: 'msgNoPermission',
  unauthorized: 'msgUnauthorized',
  saveUnknown: 'errSaveUnknown',
  exportFailed: 'msgExportFailed',
  exportTooMany: 'msgExportTooMany',
  internalError: 'msgInternalError',
  // sign-in and session
  loginIncorrect: 'msgLoginIncorrect',
  accountLocked: 'msgAccountLocked',
  userNotActivated: 'msgUserNotActivated',
  userDisabled: 'msgUserDisabled',
  profileNotFound: 'msgProfileNotFound',
  loginTimeout: 'msgLoginTimeout',
  sessionRevoked: 'msgSessionRevoked',
  changeUserFail: 'msgChangeUserFail',
  noChangeUserRight: 'msgNoChangeUserRight',
  profileRequired: 'msgProfileRequired',
  // carrier (001 §5 Carrier, §8)
  carrierDuplicateCode: 'msgCarrierDuplicateCode',
  carrierDuplicateScac: 'msgCarrierDuplicateScac',
  carrierDuplicateCbsa: 'msgCarrierDuplicateCbsa',
  carrierDuplicateNaccs: 'msgCarrierDuplicateNaccs',
  carrierDuplicateDisplayName: 'msgCarrierDuplicateDisplayName',
  carrierDuplicateFullName: 'msgCarrierDuplicateFullName',
  carrierCodeLength: 'msgCarrierCodeLength',
  carrierFourChars: 'msgCarrierFourChars',
  scacFormat: 'msgScacFormat',
  effectiveToBeforeFrom: 'msgEffectiveToBeforeFrom',
} as const;

export type MsgKey = (typeof MSG)[keyof typeof MSG];
