export * from './document-api';
export * from './document-history';
export * from './document-labels';
export * from './document-panel';
