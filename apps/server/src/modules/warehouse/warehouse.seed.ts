import type { DbOrTx } from '../../platform/db/client';
import { DEMO_ADMIN } from '../../platform/seed/demo-people';
import { warehouses } from './warehouse.tables';

/** CFS warehouses in Hong Kong, Shenzhen and Shanghai for the demo database. */
const DEMO_WAREHOUSES: (typeof warehouses.$inferInsert)[] = [
  {
    warehouse_code: 'HKG-CFS1',
    warehouse_name: 'Kwai Chung CFS Warehouse',
    address1: 'Unit 5, 8/F, Kwai Chung Container Terminal Building',
    address2: '1 Container Port Road',
    address3: 'Kwai Chung, New Territories',
    address4: 'Hong Kong',
    local_address1: '香港新界葵涌',
    local_address2: '貨櫃碼頭路1號',
    local_address3: '葵涌貨櫃碼頭大樓8樓5室',
    tel: '+852 2345 6789',
    contact_person: 'Chan Tai Man',
    contact_email: 'cfs.hkg@demo.test',
    remark: 'CFS cut-off 12:00 two working days before ETD',
  },
  {
    warehouse_code: 'SZX-CFS1',
    warehouse_name: 'Yantian CFS Warehouse',
    address1: '18 Mingzhu Road, Yantian Port',
    address2: 'Yantian District',
    address3: 'Shenzhen, Guangdong 518083',
    address4: 'China',
    local_address1: '广东省深圳市盐田区',
    local_address2: '盐田港明珠道18号',
    tel: '+86 755 2528 8888',
    contact_person: 'Li Wei',
    contact_email: 'cfs.szx@demo.test',
  },
  {
    warehouse_code: 'SHA-CFS1',
    warehouse_name: 'Waigaoqiao CFS Warehouse',
    address1: '2 Gangjian Road, Waigaoqiao Free Trade Zone',
    address2: 'Pudong New Area',
    address3: 'Shanghai 200137',
    address4: 'China',
    local_address1: '上海市浦东新区',
    local_address2: '外高桥保税区港建路2号',
    tel: '+86 21 5868 0000',
    contact_person: 'Wang Fang',
    contact_email: 'cfs.sha@demo.test',
  },
  {
    warehouse_code: 'HKG-CFS2',
    warehouse_name: 'Tsing Yi CFS Warehouse (closed)',
    address1: '9 Tsing Yi Road, Tsing Yi',
    address2: 'Hong Kong',
    tel: '+852 2433 0000',
    status: 'I',
    remark: 'Closed; kept for old bookings',
  },
];

/** Seeds the demo warehouses; skips codes that already exist. */
export async function seedDemoWarehouses(db: DbOrTx) {
  await db
    .insert(warehouses)
    .values(
      DEMO_WAREHOUSES.map((w) => ({
        ...w,
        created_by: DEMO_ADMIN.login_id,
        updated_by: DEMO_ADMIN.login_id,
      })),
    )
    .onConflictDoNothing();
}
