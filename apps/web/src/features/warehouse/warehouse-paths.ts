/** Where the warehouse screens live (001 §2 Admin maintenance). */
export const WAREHOUSE_LIST_PATH = '/BMS/warehouse_maintenance';
/** The detail screen of one warehouse, or of a new one. */
export const warehousePath = (id: number | 'new') => `${WAREHOUSE_LIST_PATH}/${id}`;
