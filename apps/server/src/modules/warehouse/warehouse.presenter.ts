import type { TWarehouse } from '@portal/contracts';
import { presentAudit } from '../../platform/audit/present-audit';
import type { WarehouseRow } from './warehouse.repository';

/** What a warehouse looks like on the wire. */
export const presentWarehouse = (r: WarehouseRow): TWarehouse => ({
  party_code_id: r.party_code_id,
  warehouse_code: r.warehouse_code,
  warehouse_name: r.warehouse_name,
  address1: r.address1,
  address2: r.address2,
  address3: r.address3,
  address4: r.address4,
  local_address1: r.local_address1,
  local_address2: r.local_address2,
  local_address3: r.local_address3,
  local_address4: r.local_address4,
  tel: r.tel,
  contact_person: r.contact_person,
  contact_email: r.contact_email,
  remark: r.remark,
  status: r.status,
  ...presentAudit(r),
});
