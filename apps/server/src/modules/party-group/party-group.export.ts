import { exportColumn, exportColumns, SHARED_COLUMNS } from '../../platform/export/columns';
import type { PartyGroupExportRow } from './party-group.repository';

const col = exportColumn<PartyGroupExportRow>;

const COLUMNS = [
  col({ 'en-US': 'ID', 'zh-HK': '編號', 'zh-CN': '编号' }, (r) => r.party_group_id, 8),
  col({ 'en-US': 'Group Name', 'zh-HK': '群組名稱', 'zh-CN': '群组名称' }, (r) => r.group_name, 30),
  col({ 'en-US': 'Type', 'zh-HK': '類型', 'zh-CN': '类型' }, (r) => r.group_type, 12),
  col({ 'en-US': 'Sub Group', 'zh-HK': '子群組', 'zh-CN': '子群组' }, (r) => r.sub_group, 18),
  col({ 'en-US': 'Parties', 'zh-HK': '客戶數目', 'zh-CN': '客户数目' }, (r) => r.member_count, 10),
  col({ 'en-US': 'Party Codes', 'zh-HK': '客戶代碼', 'zh-CN': '客户代码' }, (r) => r.member_codes, 40),
  SHARED_COLUMNS.updatedAt<PartyGroupExportRow>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const partyGroupExportColumns = exportColumns(COLUMNS);
