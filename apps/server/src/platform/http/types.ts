import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import type { TokenService } from '../auth/token';
import type { Db } from '../db/client';

/** What every module gets: the database, the token service and the configuration. */
export interface AppDeps {
  db: Db;
  tokens: TokenService;
  config: AppConfig;
}

/** Fastify instance typed with zod schemas. Module route files take this and register their routes. */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A module's routes: a function registered under /api/v1 with the shared dependencies. */
export type ModuleRoutes = (app: App, deps: AppDeps) => Promise<void> | void;
