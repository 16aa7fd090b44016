/** The errors feature's public entry: pages other features show in place of their own (docs/architecture.md "Module boundaries"). */
export { default as NotFoundPage } from './not-found-page';
