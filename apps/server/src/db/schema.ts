/** Every table, gathered for Drizzle and drizzle-kit. A new module adds one export line here. */
export * from '../modules/admin/admin.tables';
export * from '../modules/auth/auth.tables';
export * from '../modules/carrier/carrier.tables';
export * from '../modules/lookup/lookup.tables';
export * from '../modules/preference/preference.tables';
export * from '../platform/audit/audit.tables';
