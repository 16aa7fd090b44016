// StatusHistory is the lazily loaded one; historyActor stays in status-history.tsx (document-history imports it).
export { StatusHistory } from './lazy-status-history';
export type { StatusHistoryProps } from './status-history';
export * from './use-status-history';
