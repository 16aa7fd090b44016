export * from './auth';
export * from './carrier';
export * from './constants';
export * from './errors';
export * from './func-ids';
export * from './list';
export * from './lookup';
export * from './msg-keys';
