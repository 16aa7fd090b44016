/** features/finance's public entry (issue 15, docs/finance.md): the /FIN routes. */
export { financeRoutes } from './routes';
