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
  // --- added by the auth module (sign-in, session, password change); translate in the web's msg namespace ---
  /** 422: the current password given to /Password/changepassword is wrong. */
  oldPasswordIncorrect: 'msgOldPasswordIncorrect',
  /** Spec key (000 §5): at least 8 characters with a digit, a lowercase and an uppercase letter. */
  strongPasswordRequired: 'msgStrongPWRequired',
  /** 422: the new password equals the current one. */
  passwordSameAsOld: 'msgPasswordSameAsOld',
  // --- end of auth additions ---
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
