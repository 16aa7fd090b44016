/** Built-in e-mail texts per event and language (used when no admin template applies). */
// biome-ignore format: one row per event
export const EVENT_TEXTS: Record<string, Record<'en-US' | 'zh-HK' | 'zh-CN', string>> = {
  BOOKING_CREATED: { 'en-US': "Booking {{doc_code}} was submitted", 'zh-HK': "訂艙 {{doc_code}} 已提交", 'zh-CN': "订舱 {{doc_code}} 已提交" },
  BOOKING_CONFIRMED: { 'en-US': "Booking {{doc_code}} was confirmed", 'zh-HK': "訂艙 {{doc_code}} 已確認", 'zh-CN': "订舱 {{doc_code}} 已确认" },
  BOOKING_AMEND_REQUESTED: { 'en-US': "Amendment requested for booking {{doc_code}}", 'zh-HK': "訂艙 {{doc_code}} 已申請修改", 'zh-CN': "订舱 {{doc_code}} 已申请修改" },
  BOOKING_CANCEL_REQUESTED: { 'en-US': "Cancellation requested for booking {{doc_code}}", 'zh-HK': "訂艙 {{doc_code}} 已申請取消", 'zh-CN': "订舱 {{doc_code}} 已申请取消" },
  BOOKING_CANCELLED: { 'en-US': "Booking {{doc_code}} was cancelled", 'zh-HK': "訂艙 {{doc_code}} 已取消", 'zh-CN': "订舱 {{doc_code}} 已取消" },
  BOOKING_RECOVERED: { 'en-US': "Booking {{doc_code}} was recovered", 'zh-HK': "訂艙 {{doc_code}} 已恢復", 'zh-CN': "订舱 {{doc_code}} 已恢复" },
  BOOKING_SI_SUBMITTED: { 'en-US': "Shipping instruction submitted for booking {{doc_code}}", 'zh-HK': "訂艙 {{doc_code}} 的裝運指示已提交", 'zh-CN': "订舱 {{doc_code}} 的装运指示已提交" },
  APPROVAL_REQUESTED: { 'en-US': "Approval requested for booking {{doc_code}}", 'zh-HK': "訂艙 {{doc_code}} 正等待批核", 'zh-CN': "订舱 {{doc_code}} 正等待审批" },
  APPROVAL_APPROVED: { 'en-US': "The customer approved booking {{doc_code}}", 'zh-HK': "客戶已批核訂艙 {{doc_code}}", 'zh-CN': "客户已审批通过订舱 {{doc_code}}" },
  APPROVAL_REJECTED: { 'en-US': "The customer rejected booking {{doc_code}}", 'zh-HK': "客戶已拒絕訂艙 {{doc_code}}", 'zh-CN': "客户已拒绝订舱 {{doc_code}}" },
  APPROVAL_ADVICE: { 'en-US': "Booking advice sent for booking {{doc_code}}", 'zh-HK': "已發出訂艙 {{doc_code}} 的訂艙通知", 'zh-CN': "已发出订舱 {{doc_code}} 的订舱通知" },
  APPROVAL_UPDATED_BY_MR: { 'en-US': "Operations updated booking {{doc_code}}", 'zh-HK': "營運部已更新訂艙 {{doc_code}}", 'zh-CN': "运营部已更新订舱 {{doc_code}}" },
  APPROVAL_UPDATED_BY_CUSTOMER: { 'en-US': "The customer updated booking {{doc_code}}", 'zh-HK': "客戶已更新訂艙 {{doc_code}}", 'zh-CN': "客户已更新订舱 {{doc_code}}" },
  PARTY_SUBMITTED: { 'en-US': "Party {{name}} was submitted for approval", 'zh-HK': "客戶 {{name}} 已提交審批", 'zh-CN': "客户 {{name}} 已提交审批" },
  PARTY_MANAGEMENT_APPROVED: { 'en-US': "Management approved party {{name}}", 'zh-HK': "管理層已批核客戶 {{name}}", 'zh-CN': "管理层已审批通过客户 {{name}}" },
  PARTY_MANAGEMENT_REJECTED: { 'en-US': "Management rejected party {{name}}", 'zh-HK': "管理層已拒絕客戶 {{name}}", 'zh-CN': "管理层已拒绝客户 {{name}}" },
  PARTY_APPROVED: { 'en-US': "Admin/finance approved party {{name}}", 'zh-HK': "行政／財務已批核客戶 {{name}}", 'zh-CN': "行政/财务已审批通过客户 {{name}}" },
  PARTY_REJECTED: { 'en-US': "Admin/finance rejected party {{name}}", 'zh-HK': "行政／財務已拒絕客戶 {{name}}", 'zh-CN': "行政/财务已拒绝客户 {{name}}" },
  PARTY_SUNAC_HANDLED: { 'en-US': "The account system handled party {{name}}", 'zh-HK': "會計系統已處理客戶 {{name}}", 'zh-CN': "会计系统已处理客户 {{name}}" },
  PARTY_SUNAC_REJECTED: { 'en-US': "The account system rejected party {{name}}", 'zh-HK': "會計系統已拒絕客戶 {{name}}", 'zh-CN': "会计系统已拒绝客户 {{name}}" },
  PARTY_CAM_HANDLED: { 'en-US': "Credit account management handled party {{name}}", 'zh-HK': "信用賬戶管理已處理客戶 {{name}}", 'zh-CN': "信用账户管理已处理客户 {{name}}" },
  PARTY_CAM_REJECTED: { 'en-US': "Credit account management rejected party {{name}}", 'zh-HK': "信用賬戶管理已拒絕客戶 {{name}}", 'zh-CN': "信用账户管理已拒绝客户 {{name}}" },
  REGISTRATION_SUBMITTED: { 'en-US': "New registration from {{name}}", 'zh-HK': "{{name}} 提交了新的註冊申請", 'zh-CN': "{{name}} 提交了新的注册申请" },
  REGISTRATION_APPROVED: { 'en-US': "The registration of {{name}} was approved", 'zh-HK': "{{name}} 的註冊已獲批核", 'zh-CN': "{{name}} 的注册已获批准" },
};

/** The line under the event text in a built-in e-mail. */
export const MAIL_OPEN: Record<'en-US' | 'zh-HK' | 'zh-CN', string> = {
  'en-US': 'Open it in the portal:',
  'zh-HK': '在系統中開啟：',
  'zh-CN': '在系统中打开：',
};
