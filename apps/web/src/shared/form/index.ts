export * from './error-summary';
export * from './form';
export * from './lazy-schema';
export * from './server-errors';
export * from './server-field-errors';
export * from './tab-errors';
export * from './unsaved-changes-guard';
export * from './zod-rule';
