import {
  NOTIFICATION_EVENT_CODES,
  NOTIFICATION_EVENTS,
  type TEmailTemplateLanguage,
  type TNotificationEventCode,
} from '@portal/contracts';

type Texts = Record<TEmailTemplateLanguage, string>;

/** Event names for mails (server side: the web's notification texts are not loaded here). */
// biome-ignore format: one row per event
const EVENT_NAMES: Record<string, Texts> = {
  BOOKING_CREATED:              { 'en-US': 'Booking created', 'zh-HK': '訂艙已建立', 'zh-CN': '订舱已创建' },
  BOOKING_CONFIRMED:            { 'en-US': 'Booking confirmed', 'zh-HK': '訂艙已確認', 'zh-CN': '订舱已确认' },
  BOOKING_AMEND_REQUESTED:      { 'en-US': 'Booking amendment requested', 'zh-HK': '已要求修改訂艙', 'zh-CN': '已申请修改订舱' },
  BOOKING_CANCEL_REQUESTED:     { 'en-US': 'Booking cancellation requested', 'zh-HK': '已要求取消訂艙', 'zh-CN': '已申请取消订舱' },
  BOOKING_CANCELLED:            { 'en-US': 'Booking cancelled', 'zh-HK': '訂艙已取消', 'zh-CN': '订舱已取消' },
  BOOKING_RECOVERED:            { 'en-US': 'Booking recovered', 'zh-HK': '訂艙已恢復', 'zh-CN': '订舱已恢复' },
  BOOKING_SI_SUBMITTED:         { 'en-US': 'Shipping instructions submitted', 'zh-HK': '已提交裝運指示', 'zh-CN': '已提交装运指示' },
  APPROVAL_REQUESTED:           { 'en-US': 'Booking approval requested', 'zh-HK': '已要求訂艙審批', 'zh-CN': '已申请订舱审批' },
  APPROVAL_APPROVED:            { 'en-US': 'Booking approved', 'zh-HK': '訂艙已批核', 'zh-CN': '订舱已批准' },
  APPROVAL_REJECTED:            { 'en-US': 'Booking rejected', 'zh-HK': '訂艙已拒絕', 'zh-CN': '订舱已拒绝' },
  APPROVAL_ADVICE:              { 'en-US': 'Booking advice', 'zh-HK': '訂艙建議', 'zh-CN': '订舱建议' },
  APPROVAL_UPDATED_BY_MR:       { 'en-US': 'Booking updated by MR', 'zh-HK': '訂艙已由 MR 更新', 'zh-CN': '订舱已由 MR 更新' },
  APPROVAL_UPDATED_BY_CUSTOMER: { 'en-US': 'Booking updated by the customer', 'zh-HK': '訂艙已由客戶更新', 'zh-CN': '订舱已由客户更新' },
  PARTY_SUBMITTED:              { 'en-US': 'Party submitted for approval', 'zh-HK': '夥伴已提交審批', 'zh-CN': '合作方已提交审批' },
  PARTY_MANAGEMENT_APPROVED:    { 'en-US': 'Party approved by management', 'zh-HK': '夥伴已獲管理層批核', 'zh-CN': '合作方已获管理层批准' },
  PARTY_MANAGEMENT_REJECTED:    { 'en-US': 'Party rejected by management', 'zh-HK': '夥伴被管理層拒絕', 'zh-CN': '合作方被管理层拒绝' },
  PARTY_APPROVED:               { 'en-US': 'Party approved', 'zh-HK': '夥伴已批核', 'zh-CN': '合作方已批准' },
  PARTY_REJECTED:               { 'en-US': 'Party rejected', 'zh-HK': '夥伴已拒絕', 'zh-CN': '合作方已拒绝' },
  PARTY_SUNAC_HANDLED:          { 'en-US': 'Party handled by SUNAC', 'zh-HK': '夥伴已由 SUNAC 處理', 'zh-CN': '合作方已由 SUNAC 处理' },
  PARTY_SUNAC_REJECTED:         { 'en-US': 'Party rejected by SUNAC', 'zh-HK': '夥伴被 SUNAC 拒絕', 'zh-CN': '合作方被 SUNAC 拒绝' },
  PARTY_CAM_HANDLED:            { 'en-US': 'Party handled by CAM', 'zh-HK': '夥伴已由 CAM 處理', 'zh-CN': '合作方已由 CAM 处理' },
  PARTY_CAM_REJECTED:           { 'en-US': 'Party rejected by CAM', 'zh-HK': '夥伴被 CAM 拒絕', 'zh-CN': '合作方被 CAM 拒绝' },
  REGISTRATION_SUBMITTED:       { 'en-US': 'Registration submitted', 'zh-HK': '已提交註冊申請', 'zh-CN': '已提交注册申请' },
  REGISTRATION_APPROVED:        { 'en-US': 'Registration approved', 'zh-HK': '註冊申請已批核', 'zh-CN': '注册申请已批准' },
  CONSOL_SUBMITTED:             { 'en-US': 'Consol plan submitted', 'zh-HK': '拼箱計劃已提交', 'zh-CN': '拼箱计划已提交' },
  CONSOL_APPROVAL_REQUESTED:    { 'en-US': 'Consol plan approval requested', 'zh-HK': '已要求拼箱計劃審批', 'zh-CN': '已申请拼箱计划审批' },
  CONSOL_APPROVED:              { 'en-US': 'Consol plan approved', 'zh-HK': '拼箱計劃已批核', 'zh-CN': '拼箱计划已批准' },
  CONSOL_REJECTED:              { 'en-US': 'Consol plan rejected', 'zh-HK': '拼箱計劃已拒絕', 'zh-CN': '拼箱计划已拒绝' },
  MBL_DRAFTED:                  { 'en-US': 'Master BL drafted', 'zh-HK': '主提單已擬備', 'zh-CN': '主提单已草拟' },
  MBL_CARRIER_IMPORTED:         { 'en-US': 'Carrier data imported into the master BL', 'zh-HK': '已匯入船公司資料至主提單', 'zh-CN': '已导入船公司数据至主提单' },
  MBL_ISSUED:                   { 'en-US': 'Master BL issued', 'zh-HK': '主提單已簽發', 'zh-CN': '主提单已签发' },
  CARRIER_BOOKING_CONFIRMED:    { 'en-US': 'Carrier confirmed the booking', 'zh-HK': '船公司已確認訂艙', 'zh-CN': '船公司已确认订舱' },
  CARRIER_BOOKING_DECLINED:     { 'en-US': 'Carrier declined the booking', 'zh-HK': '船公司已拒絕訂艙', 'zh-CN': '船公司已拒绝订舱' },
  CARRIER_BOOKING_FAILED:       { 'en-US': 'Booking request refused by the carrier', 'zh-HK': '船公司拒收訂艙請求', 'zh-CN': '船公司拒收订舱请求' },
  SO_CARRIER_CONFIRMED:         { 'en-US': 'Carrier confirmed the booking', 'zh-HK': '船公司已確認訂艙', 'zh-CN': '船公司已确认订舱' },
  SO_CARRIER_DECLINED:          { 'en-US': 'Carrier declined the booking', 'zh-HK': '船公司已拒絕訂艙', 'zh-CN': '船公司已拒绝订舱' },
  SO_CARRIER_FAILED:            { 'en-US': 'Booking request refused by the carrier', 'zh-HK': '船公司拒收訂艙請求', 'zh-CN': '船公司拒收订舱请求' },
  CARRIER_TD_DRAFT:             { 'en-US': 'Draft transport document received', 'zh-HK': '已收到運輸單據草稿', 'zh-CN': '已收到运输单据草稿' },
  CARRIER_TD_ISSUED:            { 'en-US': 'Transport document issued by the carrier', 'zh-HK': '船公司已簽發運輸單據', 'zh-CN': '船公司已签发运输单据' },
  CARRIER_SI_FAILED:            { 'en-US': 'Shipping instructions refused by the carrier', 'zh-HK': '船公司拒收裝運指示', 'zh-CN': '船公司拒收装运指示' },
  INVOICE_PREPARED:             { 'en-US': 'Invoice prepared', 'zh-HK': '發票已準備', 'zh-CN': '发票已准备' },
  INVOICE_APPROVED:             { 'en-US': 'Invoice approved', 'zh-HK': '發票已批核', 'zh-CN': '发票已批准' },
  INVOICE_REJECTED:             { 'en-US': 'Invoice rejected', 'zh-HK': '發票已拒絕', 'zh-CN': '发票已拒绝' },
  INVOICE_PRINTED:              { 'en-US': 'Invoice printed', 'zh-HK': '發票已列印', 'zh-CN': '发票已打印' },
  INVOICE_POSTED:               { 'en-US': 'Invoice posted', 'zh-HK': '發票已過賬', 'zh-CN': '发票已过账' },
  INVOICE_POSTING_FAILED:       { 'en-US': 'Invoice posting failed', 'zh-HK': '發票過賬失敗', 'zh-CN': '发票过账失败' },
};

/** The event's name in a language (the event code for an event this table does not know yet). */
export function eventName(eventCode: string, language: TEmailTemplateLanguage): string {
  return EVENT_NAMES[eventCode]?.[language] ?? eventCode;
}

/** Placeholders every event offers: the dispatcher passes them, eventName fills event_name. */
const COMMON = ['event_name', 'doc_code', 'link', 'recipient_name'] as const;
const BY_MODULE: Record<string, readonly string[]> = {
  booking: ['so_no', 'job_no', 'shipper', 'consignee'],
  booking_approval: ['so_no', 'job_no', 'shipper', 'consignee'],
  party: ['party_code', 'party_name'],
  registration: ['login_id', 'company'],
  consolidation: ['consol_no'],
  master_bl: ['mbl_no'],
  invoice: ['invoice_no'],
};
const SAMPLE: Record<string, string> = {
  doc_code: 'SO2600012',
  link: 'https://portal.example.com/BMS/shipping_order/SO2600012',
  recipient_name: 'Chan Tai Man',
  so_no: 'SO2600012',
  job_no: 'J2600007',
  shipper: 'Shenzhen Bright Star Electronics Co., Ltd.',
  consignee: 'Hanseatic Cargo GmbH',
  party_code: 'CNSZX001',
  party_name: 'Shenzhen Bright Star Electronics Co., Ltd.',
  login_id: 'new.user@example.com',
  company: 'Example Trading Ltd.',
  consol_no: 'CSHA2600012',
  mbl_no: 'MHKG2600007',
  invoice_no: 'ARHKG2600031',
};

/** The module of a catalogue event code, or null. */
export const moduleOf = (eventCode: string): string | null =>
  (NOTIFICATION_EVENTS as Record<string, { module: string }>)[eventCode]?.module ?? null;
export const subModuleOf = (eventCode: string): string | null =>
  (NOTIFICATION_EVENTS as Record<string, { sub_module: string }>)[eventCode]?.sub_module ?? null;
export const isCatalogueEvent = (eventCode: string) =>
  (NOTIFICATION_EVENT_CODES as string[]).includes(eventCode);

/** The placeholders an event offers. */
export function placeholdersFor(eventCode: string): string[] {
  return [...COMMON, ...(BY_MODULE[moduleOf(eventCode) ?? ''] ?? [])];
}

/** Sample values for the preview (doc_code and link follow the module). */
export function sampleFor(eventCode: string, language: TEmailTemplateLanguage): Record<string, string> {
  const module = moduleOf(eventCode);
  const doc =
    module === 'party' ? SAMPLE.party_code : module === 'registration' ? SAMPLE.login_id : SAMPLE.doc_code;
  const out: Record<string, string> = { event_name: eventName(eventCode, language) };
  for (const p of placeholdersFor(eventCode)) if (p !== 'event_name') out[p] = SAMPLE[p] ?? '';
  out.doc_code = doc;
  return out;
}

/** The built-in template of an event: used when no active template exists, and seeded as the default. */
export function defaultTemplate(eventCode: string) {
  return {
    event_code: eventCode,
    subject_en: '[Freight Portal] {{event_name}}: {{doc_code}}',
    subject_hk: '[貨運平台] {{event_name}}：{{doc_code}}',
    subject_cn: '[货运平台] {{event_name}}：{{doc_code}}',
    body_en:
      'Dear {{recipient_name}},\n\n{{event_name}}: {{doc_code}}.\n\nOpen it in the portal: {{link}}\n\nThis message was sent automatically; please do not reply.',
    body_hk:
      '{{recipient_name}} 您好：\n\n{{event_name}}：{{doc_code}}。\n\n請於平台查看：{{link}}\n\n此郵件由系統自動發出，請勿回覆。',
    body_cn:
      '{{recipient_name}} 您好：\n\n{{event_name}}：{{doc_code}}。\n\n请在平台查看：{{link}}\n\n此邮件由系统自动发送，请勿回复。',
  };
}

export type { TNotificationEventCode };
