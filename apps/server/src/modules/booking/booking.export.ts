import { exportColumn, exportColumns, HEADERS } from '../../platform/export/columns';
import type { BookingExportRow } from './booking-export.repository';

const col = exportColumn<BookingExportRow>;
const day = (v: string | null) => (v ? new Date(`${v}T00:00:00Z`) : null);

const COLUMNS = [
  col({ 'en-US': 'SO#', 'zh-HK': 'SO 編號', 'zh-CN': 'SO 编号' }, (r) => r.so_no, 18),
  col({ 'en-US': 'Job#', 'zh-HK': '工作編號', 'zh-CN': '工作编号' }, (r) => r.job_no, 18),
  col({ 'en-US': 'HBL#', 'zh-HK': '分提單號', 'zh-CN': '分提单号' }, (r) => r.hbl_no, 18),
  col(HEADERS.status, (r) => r.status, 16),
  col(
    { 'en-US': 'E-booking', 'zh-HK': '網上訂艙', 'zh-CN': '网上订舱' },
    (r) => (r.is_e_booking ? 'Y' : 'N'),
    10,
  ),
  col({ 'en-US': 'Mode', 'zh-HK': '運輸方式', 'zh-CN': '运输方式' }, (r) => r.transport_mode, 8),
  col({ 'en-US': 'Service', 'zh-HK': '服務', 'zh-CN': '服务' }, (r) => r.service_type, 8),
  col({ 'en-US': 'Shipper', 'zh-HK': '發貨人', 'zh-CN': '发货人' }, (r) => r.shipper_name, 30),
  col({ 'en-US': 'Consignee', 'zh-HK': '收貨人', 'zh-CN': '收货人' }, (r) => r.consignee_name, 30),
  col(HEADERS.pol, (r) => r.pol, 8),
  col(HEADERS.pod, (r) => r.pod, 8),
  col({ 'en-US': 'FD', 'zh-HK': '最終目的地', 'zh-CN': '最终目的地' }, (r) => r.fd, 8),
  col({ 'en-US': 'ETD', 'zh-HK': '預計開航', 'zh-CN': '预计开航' }, (r) => day(r.etd), 12),
  col({ 'en-US': 'ETA', 'zh-HK': '預計到達', 'zh-CN': '预计到达' }, (r) => day(r.eta), 12),
  col({ 'en-US': 'Carrier', 'zh-HK': '船公司', 'zh-CN': '船公司' }, (r) => r.carrier_code, 8),
  col({ 'en-US': 'Vessel', 'zh-HK': '船名', 'zh-CN': '船名' }, (r) => r.vessel_name, 24),
  col({ 'en-US': 'Voyage', 'zh-HK': '航次', 'zh-CN': '航次' }, (r) => r.voyage, 10),
  col(
    { 'en-US': 'Handling Office', 'zh-HK': '處理辦事處', 'zh-CN': '处理办事处' },
    (r) => r.handling_office,
    10,
  ),
  col({ 'en-US': 'SI Status', 'zh-HK': '提單補料狀態', 'zh-CN': '提单补料状态' }, (r) => r.si_status, 12),
  col({ 'en-US': 'Space Status', 'zh-HK': '艙位狀態', 'zh-CN': '舱位状态' }, (r) => r.space_status, 12),
  col({ 'en-US': 'Approval Status', 'zh-HK': '審批狀態', 'zh-CN': '审批状态' }, (r) => r.approval_status, 16),
  col({ 'en-US': 'Containers', 'zh-HK': '貨櫃', 'zh-CN': '集装箱' }, (r) => r.container_nos, 30),
  col({ 'en-US': 'Ageing Since', 'zh-HK': '計時開始', 'zh-CN': '计时开始' }, (r) => r.ageing_since, 20),
  col({ 'en-US': 'Updated At', 'zh-HK': '更新時間', 'zh-CN': '更新时间' }, (r) => r.updated_at, 20),
];

/** Export columns of the booking lists with headers in the caller's language. */
export const bookingExportColumns = exportColumns(COLUMNS);
