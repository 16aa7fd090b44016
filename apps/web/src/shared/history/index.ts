export * from './status-history';
export * from './use-status-history';
