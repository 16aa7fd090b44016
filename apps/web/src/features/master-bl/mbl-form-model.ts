import type { TMasterBl, TMblInput } from '@portal/contracts';

// The master bill's form model: the form's values to and from the API's bill (mbl-detail-page.tsx).

export type MblFormValues = Omit<TMblInput, 'consignee_party_id' | 'notify_party_id'> & {
  consignee_party_id?: string | null;
  notify_party_id?: string | null;
};

const blank = (v: string | null | undefined) => (v === undefined || v === null || v.trim() === '' ? null : v);
const INPUT_KEYS = [
  'source',
  'consol_no',
  'so_nos',
  'main_so_no',
  'handling_office',
  'carrier_mbl_no',
  'mbl_type',
  'freight_term',
  'freight_currency',
  'freight_amount',
  'undg_no',
  'imdg_class',
  'show_freight',
  'get_tel_fax',
  'shipper_name',
  'shipper_address',
  'shipper_tel',
  'shipper_fax',
  'consignee_party_id',
  'notify_party_id',
  'carrier_code',
  'vessel_name',
  'voyage',
  'pol',
  'pod',
  'place_of_delivery',
  'etd',
  'marks',
  'goods_description',
  'containers',
] as const;

/** The form's picture of a bill or a draft. */
export function toForm(b: TMasterBl | TMblInput): MblFormValues {
  const v = Object.fromEntries(INPUT_KEYS.map((k) => [k, (b as Record<string, unknown>)[k] ?? null]));
  return {
    ...(v as unknown as MblFormValues),
    so_nos: b.so_nos ?? [],
    show_freight: !!b.show_freight,
    get_tel_fax: !!b.get_tel_fax,
    consignee_party_id: b.consignee_party_id ? String(b.consignee_party_id) : null,
    notify_party_id: b.notify_party_id ? String(b.notify_party_id) : null,
    containers: (b.containers ?? []).map((c) => ({ ...c })),
  };
}

/** The body of a save from the form. */
export function toBody(v: MblFormValues): TMblInput {
  return {
    ...v,
    consol_no: blank(v.consol_no),
    carrier_mbl_no: blank(v.carrier_mbl_no),
    freight_currency: blank(v.freight_currency),
    freight_amount: v.freight_amount === null || v.freight_amount === '' ? null : String(v.freight_amount),
    undg_no: blank(v.undg_no),
    imdg_class: blank(v.imdg_class),
    shipper_address: blank(v.shipper_address),
    shipper_tel: blank(v.shipper_tel),
    shipper_fax: blank(v.shipper_fax),
    place_of_delivery: blank(v.place_of_delivery),
    etd: blank(v.etd),
    marks: blank(v.marks),
    goods_description: blank(v.goods_description),
    consignee_party_id: Number(v.consignee_party_id),
    notify_party_id: v.notify_party_id ? Number(v.notify_party_id) : null,
    containers: (v.containers ?? []).map((c) => ({
      ...c,
      container_no: blank(c.container_no),
      seal_no: blank(c.seal_no),
      gross_weight: String(c.gross_weight ?? '0'),
      cbm: String(c.cbm ?? '0'),
    })),
  };
}
