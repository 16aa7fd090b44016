/** features/master-bl's public entry (001 §2 Master bill of lading). Depends on no other feature. */

export { mblNewPath } from './mbl-paths';
export { masterBlRoutes } from './routes';
