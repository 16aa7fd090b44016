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
  /** 429: a rate limit refused the call; params.retryAfterSeconds says when to try again (Retry-After too). */
  tooManyRequests: 'msgTooManyRequests',
  /** 400: a text value holds a character the database cannot store (NUL); details name the field. */
  invalidCharacter: 'msgInvalidCharacter',
  noRecordFound: 'msgNoRecordFound',
  notFound: 'msgNotFound',
  recordNotLatest: 'msgRecordNotLatest',
  noPermission: 'msgNoPermission',
  unauthorized: 'msgUnauthorized',
  saveUnknown: 'errSaveUnknown',
  exportFailed: 'msgExportFailed',
  exportTooMany: 'msgExportTooMany',
  internalError: 'msgInternalError',
  /** 503: the instance is stopping (graceful shutdown); nothing was done, try again (Retry-After). */
  serverStopping: 'msgServerStopping',
  /**
   * 503: the database cannot be reached right now (a restart, a failover, a network blip); Retry-After says
   * when to try again. A call answered so did not commit; a save sent again with its Idempotency-Key is safe.
   */
  serviceUnavailable: 'msgServiceUnavailable',
  /** 422: a PDF (house bill, ...) could not be rendered from this document's data; nothing was sent. */
  pdfRenderFailed: 'msgPdfRenderFailed',
  /** 503: every PDF worker is busy and the queue is full; params.retryAfterSeconds says when to try again. */
  pdfBusy: 'msgPdfBusy',
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
  // --- list framework (issue 4): custom filters, keyset paging, user preferences ---
  customFilterIncomplete: 'msgCustomFilterIncomplete',
  customFilterValueTooShort: 'msgCustomFilterValueTooShort',
  searchTooShort: 'msgSearchTooShort',
  filterFieldUnknown: 'msgFilterFieldUnknown',
  filterOpNotAllowed: 'msgFilterOpNotAllowed',
  listCursorInvalid: 'msgListCursorInvalid',
  listOffsetTooFar: 'msgListOffsetTooFar',
  listJumpInvalid: 'msgListJumpInvalid',
  preferenceTooLarge: 'msgPreferenceTooLarge',
  preferenceLimitReached: 'msgPreferenceLimitReached',
  // --- end of list framework additions ---
  // --- shared validators (issue 4, packages/contracts/src/validators) ---
  containerNoInvalid: 'msgContainerNoInvalid',
  containerNoCheckDigit: 'msgContainerNoCheckDigit',
  eoriInvalid: 'msgEoriInvalid',
  eoriRequired: 'msgEoriRequired',
  bicInvalid: 'msgBicInvalid',
  ibanInvalid: 'msgIbanInvalid',
  stateInvalid: 'msgStateInvalid',
  zipInvalid: 'msgZipInvalid',
  phoneInvalid: 'msgPhoneInvalid',
  emailInvalid: 'msgEmailInvalid',
  einInvalid: 'msgEinInvalid',
  cbpInvalid: 'msgCbpInvalid',
  ssnInvalid: 'msgSsnInvalid',
  passportInvalid: 'msgPassportInvalid',
  dateOutOfRange: 'msgDateOutOfRange',
  beneficiaryNameInvalid: 'msgBeneficiaryNameInvalid',
  // --- end of shared validators additions ---
  // --- sequence rules and routing templates (issue 4) ---
  seqPrefixInvalid: 'msgSeqPrefixInvalid',
  seqWidthRange: 'msgSeqWidthRange',
  seqStartNumberRange: 'msgSeqStartNumberRange',
  /** 409: another rule already numbers this document type for this office (or generically). */
  seqRuleDuplicate: 'msgSeqRuleDuplicate',
  /** 422: no active sequence rule numbers this document type for this office; params docType, officeCode. */
  seqRuleNotFound: 'msgSeqRuleNotFound',
  /**
   * 409: the numbering rule's next numbers are already used by documents it did not number (imported ones);
   * params number (the last tried). Nothing was saved.
   */
  seqNumberInUse: 'msgSeqNumberInUse',
  routingTemplateDuplicateName: 'msgRoutingTemplateDuplicateName',
  /** At least one of POD, PLD or FD (002 §5 Routing template). */
  routingTemplatePortRequired: 'msgRoutingTemplatePortRequired',
  /** PLD ETA must lie between POD ETA and FD ETA (002 §5). */
  routingPldEtaOrder: 'msgRoutingPldEtaOrder',
  /** FD ETA must not precede POD or PLD ETA (002 §5). */
  routingFdEtaOrder: 'msgRoutingFdEtaOrder',
  // --- end of sequence and routing template additions ---
  // --- admin master data (issue 4): warehouse, trade lane, party group (001 §5, §8) ---
  warehouseDuplicateCode: 'msgWarehouseDuplicateCode',
  warehouseCodeFormat: 'msgWarehouseCodeFormat',
  telInvalid: 'msgTelInvalid',
  tradelaneDuplicateName: 'msgTradelaneDuplicateName',
  partyGroupDuplicateName: 'msgPartyGroupDuplicateName',
  partyGroupMemberUnknown: 'msgPartyGroupMemberUnknown',
  // --- end of admin master data additions ---
  // --- sailing schedules and rates (issue 4) ---
  imoInvalid: 'msgImoInvalid',
  locodeInvalid: 'msgLocodeInvalid',
  polEqualsPod: 'msgPolEqualsPod',
  etaBeforeEtd: 'msgEtaBeforeEtd',
  cutoffAfterEtd: 'msgCutoffAfterEtd',
  cfsCutoffAfterCy: 'msgCfsCutoffAfterCy',
  legPortsNotConnected: 'msgLegPortsNotConnected',
  legDatesOutOfOrder: 'msgLegDatesOutOfOrder',
  legEtdNotSailingEtd: 'msgLegEtdNotSailingEtd',
  legEtaNotSailingEta: 'msgLegEtaNotSailingEta',
  transshipmentPortInvalid: 'msgTransshipmentPortInvalid',
  carrierUnknown: 'msgCarrierUnknown',
  portUnknown: 'msgPortUnknown',
  validToBeforeFrom: 'msgValidToBeforeFrom',
  rateContainerRequired: 'msgRateContainerRequired',
  amountInvalid: 'msgAmountInvalid',
  amountScale: 'msgAmountScale',
  containerTypeDuplicate: 'msgContainerTypeDuplicate',
  containerTypeNotForService: 'msgContainerTypeNotForService',
  currencyInvalid: 'msgCurrencyInvalid',
  sourceKeyFormat: 'msgSourceKeyFormat',
  rateDuplicateSourceKey: 'msgRateDuplicateSourceKey',
  // --- end of sailing schedules and rates additions ---
  // --- file storage and documents (platform/files, modules/document; 001 §8) ---
  /** 413: the file is larger than FILE_MAX_BYTES; params maxMb. */
  fileTooLarge: 'msgFileTooLarge',
  /** 415: the file's extension is not allowed, or its content is not what the extension says; params types. */
  fileTypeNotAllowed: 'msgFileTypeNotAllowed',
  /** 422: the virus scanner found something; nothing was stored. */
  virusDetected: 'msgVirusDetected',
  /** 503: the virus scanner is configured but cannot be reached; uploads are refused (fail closed). */
  virusScanUnavailable: 'msgVirusScanUnavailable',
  /** 400: an upload without a file (or an empty one). */
  fileRequired: 'msgFileRequired',
  /** 400: the document type is not one of the lookup's document types. */
  documentTypeUnknown: 'msgDocumentTypeUnknown',
  /** 409: the same file is already attached with the same document type. */
  documentDuplicate: 'msgDocumentDuplicate',
  // --- end of file storage additions ---
  // --- accounts administration (users, roles, system notices; issue 3) ---
  /** 409: another user has this login id; params value. */
  userDuplicateLoginId: 'msgUserDuplicateLoginId',
  /** 400: a profile type appears twice on one user; params value. */
  userProfileTypeDuplicate: 'msgUserProfileTypeDuplicate',
  /** 400: a profile without a system function role. */
  userProfileRoleRequired: 'msgUserProfileRoleRequired',
  /** 409: another role has this code; params value. */
  roleDuplicateCode: 'msgRoleDuplicateCode',
  /** 400: an unknown function id, role, profile type, office, party group or trade lane; params value. */
  referenceUnknown: 'msgReferenceUnknown',
  // --- end of accounts administration additions ---
  // --- password handling (forgot, reset, policy; issue 3) ---
  /** 400: a reset link whose token is missing, wrong, used or expired (000 §8). */
  invalidResetToken: 'msgInvalidResetToken',
  /** Web: forgot-password submission failed without a server message (000 §8). */
  forgotPasswordFail: 'msgSubmitForgotPasswordFail',
  /** Web: reset failed for another reason (000 §8). */
  resetPasswordFail: 'msgResetPasswordFail',
  /** 422: the password is on the common-password list. */
  passwordTooCommon: 'msgPasswordTooCommon',
  /** 422: the password equals one of the user's last PASSWORD_HISTORY_SIZE passwords. */
  passwordReused: 'msgPasswordReused',
  /** 422: the password is longer than 128 characters (params max). */
  passwordTooLong: 'msgPasswordTooLong',
  /** The password has expired and must be changed (sign-in answers force_change_password). */
  passwordExpired: 'msgPasswordExpired',
  // --- end of password additions ---
  // --- cargo platform hand-off (000 §7 GetCargosphereAccessToken; issue 18) ---
  /** 503: CARGO_PLATFORM_URL or the client credentials are not configured. */
  cargoPlatformNotConfigured: 'msgCargoPlatformNotConfigured',
  /** 502: the cargo platform cannot be reached, times out or answers nonsense. */
  cargoPlatformUnavailable: 'msgCargoPlatformUnavailable',
  /** 502: the cargo platform refused the forwarder's client credentials. */
  cargoPlatformRefused: 'msgCargoPlatformRefused',
  // --- end of cargo platform additions ---
  // --- webhooks and e-mail templates (issue 13, helper 6) ---
  /** 400: a webhook URL that is not an absolute http(s) address. */
  webhookUrlInvalid: 'msgWebhookUrlInvalid',
  /**
   * 400: a webhook URL whose host is (or resolves to) a loopback, private, link-local or other internal
   * address not in WEBHOOK_ALLOW_PRIVATE.
   */
  webhookUrlNotAllowed: 'msgWebhookUrlNotAllowed',
  /** 400: an event code not in the notification catalogue; params value. */
  webhookEventUnknown: 'msgWebhookEventUnknown',
  /** 400: the party does not exist or is not a customer party that may receive webhooks. */
  webhookPartyInvalid: 'msgWebhookPartyInvalid',
  /** 409: another e-mail template exists for this event code; params value. */
  emailTemplateDuplicate: 'msgEmailTemplateDuplicate',
  /** 400: an e-mail template for an event code not in the catalogue; params value. */
  emailTemplateEventUnknown: 'msgEmailTemplateEventUnknown',
  // --- end of webhook and e-mail template additions ---
  // --- notifications (000 §8 notification errors; issue 13) ---
  /** "Fail to save." (a setting or message change that did not apply). */
  notificationSaveFail: 'msgNotificationSaveFail',
  /** "Fail to delete." */
  notificationDeleteFail: 'msgNotificationDeleteFail',
  /** "Fail to unfollow." */
  notificationUnfollowFail: 'msgNotificationUnfollowFail',
  /** "Fail to send notification." (addNotification for an event the caller may not raise). */
  notificationSendFail: 'msgNotificationSendFail',
  /** "Invalid module" */
  notificationInvalidModule: 'msgNotificationInvalidModule',
  /** "Invalid doc_code" (unknown, or a document the caller may not see). */
  notificationInvalidDocCode: 'msgNotificationInvalidDocCode',
  // --- end of notification additions ---
  // --- report writer (issue 17, helper 6; RW_MSG in report-writer.ts says when each is answered) ---
  rwUnknownField: 'msgRwUnknownField',
  rwUnknownDataset: 'msgRwUnknownDataset',
  rwBadOperator: 'msgRwBadOperator',
  rwBadValue: 'msgRwBadValue',
  rwTooManyGroups: 'msgRwTooManyGroups',
  rwBadAggregate: 'msgRwBadAggregate',
  rwNotGrouped: 'msgRwNotGrouped',
  rwNoColumns: 'msgRwNoColumns',
  rwTimeout: 'msgRwTimeout',
  rwTooManyRows: 'msgRwTooManyRows',
  rwNoRecipients: 'msgRwNoRecipients',
  rwNotOwner: 'msgRwNotOwner',
  rwShareOfficeInvalid: 'msgRwShareOfficeInvalid',
  rwDuplicateName: 'msgRwDuplicateName',
  // --- end of report writer additions ---
} as const;

export type MsgKey = (typeof MSG)[keyof typeof MSG];
