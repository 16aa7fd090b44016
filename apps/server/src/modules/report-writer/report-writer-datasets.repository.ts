import {
  APPROVAL_STATUSES,
  BOOKING_STATUSES,
  BUSINESS_TYPES,
  CONSOL_STATUSES,
  CONSOL_TYPES,
  DELIVERY_TYPES,
  FREIGHT_TERMS,
  INVOICE_STATUSES,
  INVOICE_TYPES,
  isExternalProfile,
  MBL_SOURCES,
  MBL_STATUSES,
  MBL_TYPES,
  PARTY_TYPES,
  SERVICE_TYPES,
  SI_STATUSES,
  TRANSPORT_MODES,
  type TRwDataset,
  type TRwFieldType,
} from '@portal/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../platform/access/access';
import type { Labels } from '../../platform/i18n/language';
import { bookingVisibleSql } from '../booking';
import { planVisibleSql } from '../consolidation';
import { mblVisibleSql } from '../master-bl';
import { ownPartyIdsSql } from '../party';

// ---------------------------------------------------------------------------------------------------------
// The report writer's whitelist (docs/report-writer.md "Datasets and fields"). Every SQL expression a report
// can reach is written here; a definition only names keys of this map, so client text never becomes SQL.
// ---------------------------------------------------------------------------------------------------------

/** One whitelisted field: its key, the SQL behind it, its type and whether external viewers may use it. */
export interface RwFieldDef {
  key: string;
  type: TRwFieldType;
  /** Expression over the dataset's FROM aliases (written here, never from a request). */
  expr: SQL;
  labels: Labels;
  options?: readonly string[];
  /** Defaults: text/enum/date/boolean groupable; number/money/datetime not. */
  groupable: boolean;
  /** Internal profiles only (rates, costs, internal remarks, salesman, credit and bank details). */
  internalOnly: boolean;
  /** Needs this named join of the dataset (added to FROM only when a report uses the field). */
  join?: string;
  /** A code kept in upper case (office, port, carrier): eq/in/startsWith compare exactly, upper-cased, so indexes apply. */
  code?: boolean;
  /** The values are status codes of this kind (the web app's codes catalogue words them, issue 39). */
  codeKind?: string;
}

/** Which status list is which kind of the web app's codes catalogue: a field with these options says so. */
const STATUS_KIND_OF = new Map<readonly string[], string>([
  [BOOKING_STATUSES, 'booking'],
  [APPROVAL_STATUSES, 'approval'],
  [CONSOL_STATUSES, 'consolidation'],
  [MBL_STATUSES, 'masterBl'],
  [INVOICE_STATUSES, 'invoice'],
]);

export interface RwDatasetDef {
  key: TRwDataset;
  labels: Labels;
  /** FROM with the base alias, e.g. `shipping_orders so`. */
  from: SQL;
  /** Optional joins by name (left joins that never multiply rows). */
  joins: Record<string, SQL>;
  /** Stable order of a detail report after the user's sort (the primary key). */
  tiebreak: SQL;
  /** External profiles may use the dataset at all (invoices: no, as the invoice screens). */
  external: boolean;
  /** Row filter of the viewer's party access (null = every row). */
  visible(actor: Actor): SQL | null;
  fields: RwFieldDef[];
}

type FieldOpts = Partial<
  Pick<RwFieldDef, 'options' | 'groupable' | 'internalOnly' | 'join' | 'code' | 'codeKind'>
>;

function f(
  key: string,
  type: TRwFieldType,
  expr: SQL,
  labels: [string, string, string],
  opts: FieldOpts = {},
): RwFieldDef {
  return {
    key,
    type,
    expr,
    labels: { 'en-US': labels[0], 'zh-HK': labels[1], 'zh-CN': labels[2] },
    groupable: opts.groupable ?? !['number', 'money', 'datetime'].includes(type),
    internalOnly: opts.internalOnly ?? false,
    ...(opts.options ? { options: opts.options } : {}),
    ...(opts.join ? { join: opts.join } : {}),
    ...(opts.code ? { code: true } : {}),
    ...(() => {
      const codeKind = opts.codeKind ?? (opts.options && STATUS_KIND_OF.get(opts.options));
      return codeKind ? { codeKind } : {};
    })(),
  };
}
const r = sql.raw;
const month = (col: string) => sql`to_char(${r(col)}, 'YYYY-MM')`;
const internal = { internalOnly: true } as const;
const code = { code: true } as const;
/** TEU of an equipment size: 20' = 1, anything longer = 2. */
const teuOf = (size: string) => sql`(case when ${r(size)} like '2%' then 1 else 2 end)`;
const partyJoin = (alias: string, col: string) =>
  sql`left join parties ${r(alias)} on ${r(alias)}.party_id = ${r(col)}`;

const bookings: RwDatasetDef = {
  key: 'bookings',
  labels: { 'en-US': 'Bookings', 'zh-HK': '訂艙', 'zh-CN': '订舱' },
  from: sql`shipping_orders so`,
  joins: {
    sh: partyJoin('sh', 'so.shipper_id'),
    cu: partyJoin('cu', 'so.customer_id'),
    cn: partyJoin('cn', 'so.consignee_id'),
  },
  tiebreak: sql`so.so_id`,
  external: true,
  visible: (a) => (ownPartyIdsSql(a) ? bookingVisibleSql(a, 'so') : null),
  fields: [
    f('so_no', 'text', sql`so.so_no`, ['SO no.', 'SO 編號', 'SO 编号'], code),
    f('job_no', 'text', sql`so.job_no`, ['Job no.', '工作編號', '工作编号'], code),
    f('hbl_no', 'text', sql`so.hbl_no`, ['HBL no.', 'HBL 編號', 'HBL 编号'], code),
    f('po_no', 'text', sql`so.po_no`, ['PO no.', '訂單編號', '订单编号']),
    f('status', 'enum', sql`so.status`, ['Status', '狀態', '状态'], { options: BOOKING_STATUSES }),
    f('is_e_booking', 'boolean', sql`so.is_e_booking`, ['E-booking', '電子訂艙', '电子订舱']),
    f('transport_mode', 'enum', sql`so.transport_mode`, ['Mode', '運輸方式', '运输方式'], {
      options: TRANSPORT_MODES,
    }),
    f('service_type', 'enum', sql`so.service_type`, ['Service', '服務類型', '服务类型'], {
      options: SERVICE_TYPES,
    }),
    f('delivery_type', 'enum', sql`so.delivery_type`, ['Delivery type', '交付類型', '交付类型'], {
      options: DELIVERY_TYPES,
    }),
    f('business_type', 'enum', sql`so.business_type`, ['Business type', '業務類型', '业务类型'], {
      options: BUSINESS_TYPES,
    }),
    f('handling_office', 'text', sql`so.handling_office`, ['Office', '辦事處', '办事处'], code),
    f('shipper_code', 'text', sql`sh.party_code`, ['Shipper code', '發貨人代碼', '发货人代码'], {
      join: 'sh',
      code: true,
    }),
    f('shipper_name', 'text', sql`sh.short_name`, ['Shipper', '發貨人', '发货人'], { join: 'sh' }),
    f('customer_code', 'text', sql`cu.party_code`, ['Customer code', '客戶代碼', '客户代码'], {
      join: 'cu',
      code: true,
    }),
    f('customer_name', 'text', sql`cu.short_name`, ['Customer', '客戶', '客户'], { join: 'cu' }),
    f('consignee_name', 'text', sql`cn.short_name`, ['Consignee', '收貨人', '收货人'], { join: 'cn' }),
    f('pol', 'text', sql`so.pol`, ['POL', '裝貨港', '装货港'], code),
    f('pod', 'text', sql`so.pod`, ['POD', '卸貨港', '卸货港'], code),
    f('pld', 'text', sql`so.pld`, ['Place of delivery', '交貨地', '交货地'], code),
    f('fd', 'text', sql`so.fd`, ['Final destination', '最終目的地', '最终目的地'], code),
    f('lane', 'text', sql`(so.pol || '-' || so.pod)`, ['Trade lane', '航線', '航线'], code),
    f('etd', 'date', sql`so.etd`, ['ETD', '預計開航日', '预计开航日']),
    f('etd_month', 'text', month('so.etd'), ['ETD month', '開航月份', '开航月份']),
    f('eta', 'date', sql`so.eta`, ['ETA', '預計到港日', '预计到港日']),
    f('cargo_ready_date', 'date', sql`so.cargo_ready_date`, ['Cargo ready', '貨物備妥日', '货物备妥日']),
    f('carrier_code', 'text', sql`so.carrier_code`, ['Carrier', '船公司', '船公司'], code),
    f('vessel_name', 'text', sql`so.vessel_name`, ['Vessel', '船名', '船名']),
    f('voyage', 'text', sql`so.voyage`, ['Voyage', '航次', '航次']),
    f('incoterms', 'text', sql`so.incoterms`, ['Incoterms', '貿易條款', '贸易条款'], code),
    f('freight_term', 'enum', sql`so.freight_term`, ['Freight term', '運費條款', '运费条款'], {
      options: FREIGHT_TERMS,
    }),
    f('commodity', 'text', sql`so.commodity`, ['Commodity', '貨物類別', '货物类别']),
    f('is_dangerous', 'boolean', sql`so.is_dangerous`, ['Dangerous goods', '危險品', '危险品']),
    f('package_qty', 'number', sql`so.package_qty`, ['Packages', '件數', '件数']),
    f('gross_weight', 'number', sql`so.gross_weight`, ['Gross weight (kg)', '毛重（公斤）', '毛重（公斤）']),
    f('cbm', 'number', sql`so.cbm`, ['CBM', '體積（立方米）', '体积（立方米）']),
    f(
      'teu',
      'number',
      sql`(select coalesce(sum(e.qty * ${teuOf('e.size_type')}), 0) from so_equipment e where e.so_id = so.so_id)`,
      ['TEU', 'TEU', 'TEU'],
    ),
    f('si_status', 'enum', sql`so.si_status`, ['SI status', '提單資料狀態', '提单资料状态'], {
      options: SI_STATUSES,
    }),
    f('approval_status', 'enum', sql`so.approval_status`, ['Approval status', '審批狀態', '审批状态'], {
      options: APPROVAL_STATUSES,
    }),
    f('job_closed', 'boolean', sql`so.job_closed`, ['Job closed', '工作已結', '工作已结']),
    f('created_at', 'datetime', sql`so.created_at`, ['Created', '建立時間', '创建时间']),
    f('created_month', 'text', month('so.created_at'), ['Created month', '建立月份', '创建月份']),
    f('confirmed_at', 'datetime', sql`so.confirmed_at`, ['Confirmed', '確認時間', '确认时间']),
    // Internal only: the salesman and the carrier contract (booking.ts INTERNAL_ONLY_FIELDS hides the contract too).
    f('salesman', 'text', sql`so.salesman`, ['Salesman', '銷售員', '销售员'], internal),
    f('contract_type', 'text', sql`so.contract_type`, ['Contract type', '合約類型', '合约类型'], internal),
    f('contract_no', 'text', sql`so.contract_no`, ['Contract no.', '合約編號', '合约编号'], internal),
    f(
      'forwarder_ref',
      'text',
      sql`so.forwarder_ref`,
      ['Forwarder ref.', '貨代參考號', '货代参考号'],
      internal,
    ),
  ],
};

const containers: RwDatasetDef = {
  key: 'containers',
  labels: { 'en-US': 'Containers', 'zh-HK': '貨櫃', 'zh-CN': '集装箱' },
  // A booking's containers; visible when the booking is.
  from: sql`so_containers c join shipping_orders so on so.so_id = c.so_id`,
  joins: { cu: partyJoin('cu', 'so.customer_id') },
  tiebreak: sql`c.id`,
  external: true,
  visible: (a) => (ownPartyIdsSql(a) ? bookingVisibleSql(a, 'so') : null),
  fields: [
    f('container_no', 'text', sql`c.container_no`, ['Container no.', '貨櫃號碼', '集装箱号'], code),
    f('size_type', 'text', sql`c.size_type`, ['Size/type', '尺寸/類型', '尺寸/类型'], code),
    f('seal_no', 'text', sql`c.seal_no`, ['Seal no.', '封條號碼', '封条号'], code),
    f(
      'carrier_booking_no',
      'text',
      sql`c.carrier_booking_no`,
      ['Carrier booking no.', '船公司訂艙號', '船公司订舱号'],
      code,
    ),
    f('package_qty', 'number', sql`c.package_qty`, ['Packages', '件數', '件数']),
    f('gross_weight', 'number', sql`c.gross_weight`, ['Gross weight (kg)', '毛重（公斤）', '毛重（公斤）']),
    f('cbm', 'number', sql`c.cbm`, ['CBM', '體積（立方米）', '体积（立方米）']),
    f('vgm_weight', 'number', sql`c.vgm_weight`, ['VGM (kg)', 'VGM（公斤）', 'VGM（公斤）']),
    f('teu', 'number', teuOf('c.size_type'), ['TEU', 'TEU', 'TEU']),
    f('cy_gate_in_at', 'datetime', sql`c.cy_gate_in_at`, ['CY gate-in', '堆場進閘', '堆场进闸']),
    f('so_no', 'text', sql`so.so_no`, ['SO no.', 'SO 編號', 'SO 编号'], code),
    f('status', 'enum', sql`so.status`, ['Booking status', '訂艙狀態', '订舱状态'], {
      options: BOOKING_STATUSES,
    }),
    f('handling_office', 'text', sql`so.handling_office`, ['Office', '辦事處', '办事处'], code),
    f('customer_name', 'text', sql`cu.short_name`, ['Customer', '客戶', '客户'], { join: 'cu' }),
    f('pol', 'text', sql`so.pol`, ['POL', '裝貨港', '装货港'], code),
    f('pod', 'text', sql`so.pod`, ['POD', '卸貨港', '卸货港'], code),
    f('lane', 'text', sql`(so.pol || '-' || so.pod)`, ['Trade lane', '航線', '航线'], code),
    f('carrier_code', 'text', sql`so.carrier_code`, ['Carrier', '船公司', '船公司'], code),
    f('vessel_name', 'text', sql`so.vessel_name`, ['Vessel', '船名', '船名']),
    f('etd', 'date', sql`so.etd`, ['ETD', '預計開航日', '预计开航日']),
    f('etd_month', 'text', month('so.etd'), ['ETD month', '開航月份', '开航月份']),
  ],
};

const consolidations: RwDatasetDef = {
  key: 'consolidations',
  labels: { 'en-US': 'Consolidations', 'zh-HK': '拼箱計劃', 'zh-CN': '拼箱计划' },
  from: sql`consol_plans cp`,
  joins: { cu: partyJoin('cu', 'cp.customer_party_id') },
  tiebreak: sql`cp.consol_id`,
  external: true,
  visible: (a) => planVisibleSql(a, 'cp'),
  fields: [
    f('consol_no', 'text', sql`cp.consol_no`, ['Consolidation no.', '拼箱編號', '拼箱编号'], code),
    f('consol_type', 'enum', sql`cp.consol_type`, ['Type', '類型', '类型'], { options: CONSOL_TYPES }),
    f('status', 'enum', sql`cp.status`, ['Status', '狀態', '状态'], { options: CONSOL_STATUSES }),
    f('customer_code', 'text', sql`cu.party_code`, ['Customer code', '客戶代碼', '客户代码'], {
      join: 'cu',
      code: true,
    }),
    f('customer_name', 'text', sql`cu.short_name`, ['Customer', '客戶', '客户'], { join: 'cu' }),
    f('contact_office', 'text', sql`cp.contact_office`, ['Contact office', '聯絡辦事處', '联络办事处'], code),
    f('handling_office', 'text', sql`cp.handling_office`, ['Office', '辦事處', '办事处'], code),
    f('pol', 'text', sql`cp.pol`, ['POL', '裝貨港', '装货港'], code),
    f('pod', 'text', sql`cp.pod`, ['POD', '卸貨港', '卸货港'], code),
    f('lane', 'text', sql`(cp.pol || '-' || cp.pod)`, ['Trade lane', '航線', '航线'], code),
    f('etd', 'date', sql`cp.etd`, ['ETD', '預計開航日', '预计开航日']),
    f('etd_month', 'text', month('cp.etd'), ['ETD month', '開航月份', '开航月份']),
    f('reference', 'text', sql`cp.reference`, ['Reference', '參考號', '参考号']),
    f('fully_allocated', 'boolean', sql`cp.fully_allocated`, ['Fully allocated', '已全部配載', '已全部配载']),
    f('so_count', 'number', sql`(select count(*) from consol_sos s where s.consol_id = cp.consol_id)`, [
      'Shipping orders',
      '訂艙單數',
      '订舱单数',
    ]),
    f(
      'container_count',
      'number',
      sql`(select count(*) from consol_containers k where k.consol_id = cp.consol_id)`,
      ['Containers', '貨櫃數', '集装箱数'],
    ),
    f(
      'cbm',
      'number',
      sql`(select coalesce(sum(al.cbm), 0) from consol_allocations al where al.consol_id = cp.consol_id)`,
      ['Allocated CBM', '已配載體積', '已配载体积'],
    ),
    f('created_at', 'datetime', sql`cp.created_at`, ['Created', '建立時間', '创建时间']),
    f('remarks', 'text', sql`cp.remarks`, ['Internal remarks', '內部備註', '内部备注'], internal),
    f(
      'approval_reason',
      'text',
      sql`cp.approval_reason`,
      ['Approval reason', '審批原因', '审批原因'],
      internal,
    ),
  ],
};

const masterBls: RwDatasetDef = {
  key: 'master_bls',
  labels: { 'en-US': 'Master BLs', 'zh-HK': '船東提單', 'zh-CN': '船东提单' },
  from: sql`master_bls m`,
  joins: { cn: partyJoin('cn', 'm.consignee_party_id') },
  tiebreak: sql`m.mbl_id`,
  external: true,
  visible: (a) => mblVisibleSql(a, 'm'),
  fields: [
    f('mbl_no', 'text', sql`m.mbl_no`, ['MBL no.', '船東提單號', '船东提单号'], code),
    f(
      'carrier_mbl_no',
      'text',
      sql`m.carrier_mbl_no`,
      ['Carrier MBL no.', '船公司提單號', '船公司提单号'],
      code,
    ),
    f('source', 'enum', sql`m.source`, ['Source', '來源', '来源'], { options: MBL_SOURCES }),
    f('mbl_type', 'enum', sql`m.mbl_type`, ['BL type', '提單類型', '提单类型'], { options: MBL_TYPES }),
    f('status', 'enum', sql`m.status`, ['Status', '狀態', '状态'], { options: MBL_STATUSES }),
    f('handling_office', 'text', sql`m.handling_office`, ['Office', '辦事處', '办事处'], code),
    f('freight_term', 'enum', sql`m.freight_term`, ['Freight term', '運費條款', '运费条款'], {
      options: FREIGHT_TERMS,
    }),
    f('shipper_name', 'text', sql`m.shipper_name`, ['Shipper', '發貨人', '发货人']),
    f('consignee_code', 'text', sql`cn.party_code`, ['Consignee code', '收貨人代碼', '收货人代码'], {
      join: 'cn',
      code: true,
    }),
    f('consignee_name', 'text', sql`cn.short_name`, ['Consignee', '收貨人', '收货人'], { join: 'cn' }),
    f('carrier_code', 'text', sql`m.carrier_code`, ['Carrier', '船公司', '船公司'], code),
    f('vessel_name', 'text', sql`m.vessel_name`, ['Vessel', '船名', '船名']),
    f('voyage', 'text', sql`m.voyage`, ['Voyage', '航次', '航次']),
    f('pol', 'text', sql`m.pol`, ['POL', '裝貨港', '装货港'], code),
    f('pod', 'text', sql`m.pod`, ['POD', '卸貨港', '卸货港'], code),
    f('lane', 'text', sql`(m.pol || '-' || m.pod)`, ['Trade lane', '航線', '航线'], code),
    f('etd', 'date', sql`m.etd`, ['ETD', '預計開航日', '预计开航日']),
    f('etd_month', 'text', month('m.etd'), ['ETD month', '開航月份', '开航月份']),
    f(
      'so_count',
      'number',
      sql`(select count(*) from master_bl_sos s where s.mbl_id = m.mbl_id and s.live)`,
      ['Shipping orders', '訂艙單數', '订舱单数'],
    ),
    f(
      'container_count',
      'number',
      sql`(select count(*) from master_bl_containers k where k.mbl_id = m.mbl_id)`,
      ['Containers', '貨櫃數', '集装箱数'],
    ),
    f(
      'cbm',
      'number',
      sql`(select coalesce(sum(k.cbm), 0) from master_bl_containers k where k.mbl_id = m.mbl_id)`,
      ['CBM', '體積（立方米）', '体积（立方米）'],
    ),
    f(
      'gross_weight',
      'number',
      sql`(select coalesce(sum(k.gross_weight), 0) from master_bl_containers k where k.mbl_id = m.mbl_id)`,
      ['Gross weight (kg)', '毛重（公斤）', '毛重（公斤）'],
    ),
    f('created_at', 'datetime', sql`m.created_at`, ['Created', '建立時間', '创建时间']),
    // The carrier's freight is the forwarder's cost: internal only.
    f('freight_currency', 'text', sql`m.freight_currency`, ['Freight currency', '運費貨幣', '运费货币'], {
      internalOnly: true,
      code: true,
    }),
    f('freight_amount', 'money', sql`m.freight_amount`, ['Freight amount', '運費金額', '运费金额'], internal),
  ],
};

const partiesDs: RwDatasetDef = {
  key: 'parties',
  labels: { 'en-US': 'Parties', 'zh-HK': '合作方', 'zh-CN': '合作方' },
  from: sql`parties p`,
  joins: {},
  tiebreak: sql`p.party_id`,
  external: true,
  // External profiles: their own parties (the party groups on the profile) only.
  visible: (a) => {
    const own = ownPartyIdsSql(a);
    return own ? sql`p.party_id in ${own}` : null;
  },
  fields: [
    f('party_code', 'text', sql`p.party_code`, ['Party code', '合作方代碼', '合作方代码'], code),
    f('other_code', 'text', sql`p.other_code`, ['Other code', '其他代碼', '其他代码'], code),
    f('party_type', 'enum', sql`p.party_type`, ['Party type', '合作方類型', '合作方类型'], {
      options: PARTY_TYPES,
    }),
    f('short_name', 'text', sql`p.short_name`, ['Short name', '簡稱', '简称']),
    f('full_name', 'text', sql`p.full_name`, ['Full name', '全名', '全名']),
    f('status', 'enum', sql`p.status`, ['Record status', '記錄狀態', '记录状态'], {
      options: ['A', 'I'],
      codeKind: 'record',
    }),
    f('approval_status', 'text', sql`p.approval_status`, ['Approval status', '審批狀態', '审批状态'], {
      ...code,
      codeKind: 'party',
    }),
    f('office_code', 'text', sql`p.office_code`, ['Office', '辦事處', '办事处'], code),
    f('city', 'text', sql`p.city`, ['City', '城市', '城市']),
    f('country_code', 'text', sql`p.country_code`, ['Country', '國家/地區', '国家/地区'], code),
    f('email', 'text', sql`p.email`, ['E-mail', '電郵', '邮箱']),
    f('tel', 'text', sql`p.tel`, ['Telephone', '電話', '电话']),
    f('is_nominated_agent', 'boolean', sql`p.is_nominated_agent`, [
      'Nominated agent',
      '指定代理',
      '指定代理',
    ]),
    f('is_release_agent', 'boolean', sql`p.is_release_agent`, ['Release agent', '放貨代理', '放货代理']),
    f('created_at', 'datetime', sql`p.created_at`, ['Created', '建立時間', '创建时间']),
    // Credit, payment and bank details are the forwarder's own business: internal only.
    f('credit_limit', 'money', sql`p.credit_limit`, ['Credit limit', '信用額度', '信用额度'], internal),
    f(
      'credit_deadline_days',
      'number',
      sql`p.credit_deadline_days`,
      ['Credit days', '信用天數', '信用天数'],
      internal,
    ),
    f(
      'payment_terms_ar',
      'text',
      sql`p.payment_terms_ar`,
      ['AR payment terms', '應收付款條款', '应收付款条款'],
      {
        internalOnly: true,
        code: true,
      },
    ),
    f(
      'payment_terms_ap',
      'text',
      sql`p.payment_terms_ap`,
      ['AP payment terms', '應付付款條款', '应付付款条款'],
      {
        internalOnly: true,
        code: true,
      },
    ),
    f('ledger_code', 'text', sql`p.ledger_code`, ['Ledger code', '總賬代碼', '总账代码'], {
      internalOnly: true,
      code: true,
    }),
    f('cost_centre_code', 'text', sql`p.cost_centre_code`, ['Cost centre', '成本中心', '成本中心'], {
      internalOnly: true,
      code: true,
    }),
    f('bank_name', 'text', sql`p.bank_name`, ['Bank', '銀行', '银行'], internal),
  ],
};

const invoices: RwDatasetDef = {
  key: 'invoices',
  labels: { 'en-US': 'Invoices', 'zh-HK': '發票', 'zh-CN': '发票' },
  from: sql`invoices i`,
  joins: { pa: partyJoin('pa', 'i.party_id') },
  tiebreak: sql`i.inv_id`,
  // Invoices (sell and cost) are internal: the invoice screens refuse external profiles too.
  external: false,
  visible: () => null,
  fields: [
    f('invoice_no', 'text', sql`i.invoice_no`, ['Invoice no.', '發票編號', '发票编号'], code),
    f('inv_type', 'enum', sql`i.inv_type`, ['AR/AP', '應收/應付', '应收/应付'], { options: INVOICE_TYPES }),
    f('kind', 'text', sql`i.kind`, ['Kind', '種類', '种类'], code),
    f('status', 'enum', sql`i.status`, ['Status', '狀態', '状态'], { options: INVOICE_STATUSES }),
    f('office_code', 'text', sql`i.office_code`, ['Office', '辦事處', '办事处'], code),
    f('account_code', 'text', sql`i.account_code`, ['Account code', '賬戶代碼', '账户代码'], code),
    f('party_code', 'text', sql`pa.party_code`, ['Party code', '合作方代碼', '合作方代码'], {
      join: 'pa',
      code: true,
    }),
    f('party_name', 'text', sql`pa.short_name`, ['Party', '合作方', '合作方'], { join: 'pa' }),
    f('hbl_no', 'text', sql`i.hbl_no`, ['HBL no.', 'HBL 編號', 'HBL 编号'], code),
    f('mbl_no', 'text', sql`i.mbl_no`, ['MBL no.', '船東提單號', '船东提单号'], code),
    f('sales_code', 'text', sql`i.sales_code`, ['Salesman', '銷售員', '销售员'], code),
    f('currency', 'text', sql`i.currency`, ['Currency', '貨幣', '货币'], code),
    f('exchange_rate', 'number', sql`i.exchange_rate`, ['Exchange rate', '匯率', '汇率']),
    f('net_amount', 'money', sql`i.net_amount`, ['Net amount', '淨額', '净额']),
    f('tax_amount', 'money', sql`i.tax_amount`, ['Tax', '稅額', '税额']),
    f('total_amount', 'money', sql`i.total_amount`, ['Total', '總額', '总额']),
    f('base_total_amount', 'money', sql`i.base_total_amount`, [
      'Total (base currency)',
      '總額（本位幣）',
      '总额（本位币）',
    ]),
    f('settled_amount', 'money', sql`i.settled_amount`, ['Settled', '已結算', '已结算']),
    f('outstanding_amount', 'money', sql`i.outstanding_amount`, ['Outstanding', '未結金額', '未结金额']),
    f('invoice_date', 'date', sql`i.invoice_date`, ['Invoice date', '發票日期', '发票日期']),
    f('invoice_month', 'text', month('i.invoice_date'), ['Invoice month', '發票月份', '发票月份']),
    f('is_closed', 'boolean', sql`i.is_closed`, ['Closed', '已關閉', '已关闭']),
    f('close_period', 'text', sql`i.close_period`, ['Close period', '結賬期間', '结账期间']),
    f(
      'acct_process_status',
      'text',
      sql`i.acct_process_status`,
      ['Posting status', '過賬狀態', '过账状态'],
      code,
    ),
    f('posted_at', 'datetime', sql`i.posted_at`, ['Posted', '過賬時間', '过账时间']),
    f('created_at', 'datetime', sql`i.created_at`, ['Created', '建立時間', '创建时间']),
    f('remarks', 'text', sql`i.remarks`, ['Internal remarks', '內部備註', '内部备注']),
  ].map((x) => ({ ...x, internalOnly: true })),
};

const invoiceLines: RwDatasetDef = {
  key: 'invoice_lines',
  labels: { 'en-US': 'Invoice lines', 'zh-HK': '發票明細', 'zh-CN': '发票明细' },
  from: sql`invoice_lines l join invoices i on i.inv_id = l.inv_id`,
  joins: { pa: partyJoin('pa', 'i.party_id') },
  tiebreak: sql`l.id`,
  external: false,
  visible: () => null,
  fields: [
    f('invoice_no', 'text', sql`i.invoice_no`, ['Invoice no.', '發票編號', '发票编号'], code),
    f('inv_type', 'enum', sql`i.inv_type`, ['AR/AP', '應收/應付', '应收/应付'], { options: INVOICE_TYPES }),
    f('status', 'enum', sql`i.status`, ['Invoice status', '發票狀態', '发票状态'], {
      options: INVOICE_STATUSES,
    }),
    f('office_code', 'text', sql`i.office_code`, ['Office', '辦事處', '办事处'], code),
    f('party_code', 'text', sql`pa.party_code`, ['Party code', '合作方代碼', '合作方代码'], {
      join: 'pa',
      code: true,
    }),
    f('party_name', 'text', sql`pa.short_name`, ['Party', '合作方', '合作方'], { join: 'pa' }),
    f('invoice_date', 'date', sql`i.invoice_date`, ['Invoice date', '發票日期', '发票日期']),
    f('invoice_month', 'text', month('i.invoice_date'), ['Invoice month', '發票月份', '发票月份']),
    f('currency', 'text', sql`i.currency`, ['Currency', '貨幣', '货币'], code),
    f('line_no', 'number', sql`l.line_no`, ['Line', '行號', '行号'], { groupable: false }),
    f('charge_code', 'text', sql`l.charge_code`, ['Charge code', '費用代碼', '费用代码'], code),
    f('description', 'text', sql`l.description`, ['Description', '描述', '描述']),
    f('job_no', 'text', sql`l.job_no`, ['Job no.', '工作編號', '工作编号'], code),
    f('dr_cr', 'enum', sql`l.dr_cr`, ['DR/CR', '借/貸', '借/贷'], { options: ['DR', 'CR'] }),
    f('uom', 'text', sql`l.uom`, ['Unit', '單位', '单位'], code),
    f('quantity', 'number', sql`l.quantity`, ['Quantity', '數量', '数量']),
    f('unit_price', 'money', sql`l.unit_price`, ['Unit price', '單價', '单价']),
    f('amount', 'money', sql`l.amount`, ['Amount', '金額', '金额']),
    f('tax_amount', 'money', sql`l.tax_amount`, ['Tax', '稅額', '税额']),
    f('total_amount', 'money', sql`l.total_amount`, ['Total', '總額', '总额']),
    f('outstanding_amount', 'money', sql`l.outstanding_amount`, ['Outstanding', '未結金額', '未结金额']),
  ].map((x) => ({ ...x, internalOnly: true })),
};

/** Every dataset by key. */
export const RW_DATASET_DEFS: Record<TRwDataset, RwDatasetDef> = {
  bookings,
  containers,
  consolidations,
  master_bls: masterBls,
  parties: partiesDs,
  invoices,
  invoice_lines: invoiceLines,
};

/** Whether the viewer sees internal-only fields and internal datasets. */
export const isInternalViewer = (actor: Actor) => !isExternalProfile(actor.profile_type);

/** The datasets this viewer may use (invoices are internal). */
export const datasetsFor = (actor: Actor) =>
  Object.values(RW_DATASET_DEFS).filter((d) => d.external || isInternalViewer(actor));

/** The fields of a dataset this viewer may use (internal-only ones are left out for external profiles). */
export const fieldsFor = (ds: RwDatasetDef, actor: Actor) =>
  isInternalViewer(actor) ? ds.fields : ds.fields.filter((x) => !x.internalOnly);

export const datasetLabelKey = (ds: TRwDataset) => `dataset.${ds}`;
export const fieldLabelKey = (ds: TRwDataset, field: string) => `field.${ds}.${field}`;
