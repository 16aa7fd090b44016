/** Where the carrier contract (MQC) maintenance lives (Administration menu). */
export const CARRIER_CONTRACT_PATH = '/BMS/carrier_contract_maintenance';
