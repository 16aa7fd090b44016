import type { TSailingSchedule } from '@portal/contracts';
import { exportColumn, exportColumns, HEADERS, SHARED_COLUMNS } from '../../platform/export/columns';

const col = exportColumn<TSailingSchedule>;
const yn = (b: boolean) => (b ? 'Y' : 'N');

const COLUMNS = [
  col({ 'en-US': 'Carrier', 'zh-HK': '承運商', 'zh-CN': '承运商' }, (r) => r.carrier_code, 10),
  col({ 'en-US': 'Mother Vessel', 'zh-HK': '母船', 'zh-CN': '母船' }, (r) => r.vessel_name, 24),
  col({ 'en-US': 'IMO', 'zh-HK': 'IMO 編號', 'zh-CN': 'IMO 编号' }, (r) => r.imo, 10),
  col({ 'en-US': 'Voyage', 'zh-HK': '航次', 'zh-CN': '航次' }, (r) => r.voyage, 10),
  col({ 'en-US': 'Service Code', 'zh-HK': '航線代碼', 'zh-CN': '航线代码' }, (r) => r.service_code, 10),
  col({ 'en-US': 'Service Name', 'zh-HK': '航線名稱', 'zh-CN': '航线名称' }, (r) => r.service_name, 20),
  col(HEADERS.pol, (r) => r.pol, 8),
  col(HEADERS.pod, (r) => r.pod, 8),
  col({ 'en-US': 'ETD', 'zh-HK': '預計開航', 'zh-CN': '预计开航' }, (r) => r.etd, 12),
  col({ 'en-US': 'ETA', 'zh-HK': '預計到港', 'zh-CN': '预计到港' }, (r) => r.eta, 12),
  col({ 'en-US': 'Transit Days', 'zh-HK': '航程天數', 'zh-CN': '航程天数' }, (r) => r.transit_days, 8),
  col(
    { 'en-US': 'Transshipment Port', 'zh-HK': '轉運港', 'zh-CN': '转运港' },
    (r) => r.transshipment_port,
    10,
  ),
  col({ 'en-US': 'CFS Cut-off', 'zh-HK': 'CFS 截關', 'zh-CN': 'CFS 截关' }, (r) => r.cfs_cutoff, 16),
  col({ 'en-US': 'CY Cut-off', 'zh-HK': 'CY 截關', 'zh-CN': 'CY 截关' }, (r) => r.cy_cutoff, 16),
  col({ 'en-US': 'VGM Cut-off', 'zh-HK': 'VGM 截止', 'zh-CN': 'VGM 截止' }, (r) => r.vgm_cutoff, 16),
  col({ 'en-US': 'SI Cut-off', 'zh-HK': '截補料', 'zh-CN': '截补料' }, (r) => r.si_cutoff, 16),
  col({ 'en-US': 'Manual', 'zh-HK': '手動', 'zh-CN': '手动' }, (r) => yn(r.is_manual), 6),
  col({ 'en-US': 'TBC', 'zh-HK': '待確認', 'zh-CN': '待确认' }, (r) => yn(r.is_tbc), 6),
  col(HEADERS.status, (r) => r.status, 6),
  SHARED_COLUMNS.updatedAt<TSailingSchedule>(),
  col({ 'en-US': 'Updated By', 'zh-HK': '更新者', 'zh-CN': '更新者' }, (r) => r.updated_by, 22),
];

/** Export columns with headers in the caller's language. */
export const sailingExportColumns = exportColumns(COLUMNS);
