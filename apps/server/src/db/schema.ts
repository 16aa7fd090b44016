/** Every table, gathered for Drizzle and drizzle-kit. A new module adds one export line here. */
export * from '../modules/admin/admin.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/carrier/carrier.tables';
export * from '../modules/document/document.tables';
export * from '../modules/lookup/lookup.tables';
export * from '../modules/party/party.tables';
export * from '../modules/party-group/party-group.tables';
export * from '../modules/preference/preference.tables';
export * from '../modules/rate/rate.tables';
export * from '../modules/routing-template/routing-template.tables';
export * from '../modules/sailing-schedule/sailing-schedule.tables';
export * from '../modules/sequence/sequence.tables';
export * from '../modules/tradelane/tradelane.tables';
export * from '../modules/warehouse/warehouse.tables';
export * from '../platform/audit/audit.tables';
