import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { accountingRoutes } from './modules/accounting';
import { adminRoutes } from './modules/admin';
import { analyticsRoutes } from './modules/analytics';
import { analyticsGpRoutes } from './modules/analytics-gp';
import { authRoutes } from './modules/auth';
import { bookingActionRoutes, bookingCarrierRoutes, bookingRoutes } from './modules/booking';
import { bookingApprovalRoutes } from './modules/booking-approval';
import { cargoPlatformRoutes } from './modules/cargo-platform';
import { carrierRoutes } from './modules/carrier';
import { carrierAnalyticsRoutes } from './modules/carrier-analytics';
import { carrierLinkRoutes } from './modules/carrier-link';
import { co2eRoutes } from './modules/co2e';
import { consolCarrierRoutes, consolidationRoutes } from './modules/consolidation';
import { documentRoutes } from './modules/document';
import { emailTemplateRoutes } from './modules/email-template';
import { exchangeRateRoutes } from './modules/exchange-rate';
import { financeRoutes } from './modules/finance';
import { gpReportRoutes } from './modules/gp-report';
import { healthRoutes } from './modules/health';
import { invoiceBatchRoutes, invoiceRoutes } from './modules/invoice';
import { lookupRoutes } from './modules/lookup';
import { mailboxRoutes } from './modules/mailbox';
import { masterBlRoutes } from './modules/master-bl';
import { mobileRoutes } from './modules/mobile';
import { notificationRoutes } from './modules/notification';
import { operationAlertRoutes } from './modules/operation-alert';
import { partyRoutes } from './modules/party';
import { partyGroupRoutes } from './modules/party-group';
import { periodRoutes } from './modules/period';
import { preferenceRoutes } from './modules/preference';
import { publicFileRoutes } from './modules/public-file';
import { rateRoutes } from './modules/rate';
import { registrationRoutes } from './modules/registration';
import { reportWriterRoutes } from './modules/report-writer';
import { roleRoutes } from './modules/role';
import { routingTemplateRoutes } from './modules/routing-template';
import { sailingScheduleRoutes } from './modules/sailing-schedule';
import { searchRoutes } from './modules/search';
import { sequenceRoutes } from './modules/sequence';
import { settlementRoutes } from './modules/settlement';
import { signatureRoutes } from './modules/signature';
import { sopmsRoutes } from './modules/sopms';
import { sysNoticeRoutes } from './modules/sys-notice';
import { templateRoutes } from './modules/template';
import { tradelaneRoutes } from './modules/tradelane';
import { userAdminRoutes } from './modules/user-admin';
import { warehouseRoutes } from './modules/warehouse';
import { webhookRoutes } from './modules/webhook';
import { API_PREFIX, registerAccess } from './platform/access/access';
import { TokenService } from './platform/auth/token';
import type { Db } from './platform/db/client';
import { documentErrors, registerErrorHandler, registerNotFound } from './platform/errors/error-handler';
import { COMPRESS_THRESHOLD, registerSyncCompression } from './platform/http/compression';
import { redactingLogger, requestChildLogger } from './platform/http/log-redaction';
import { registerNulGuard } from './platform/http/nul-guard';
import { registerRateLimit } from './platform/http/rate-limit';
import {
  registerRequestIdHeader,
  requestIdFrameworkErrors,
  requestIdGenerator,
} from './platform/http/request-id';
import { registerSecurityHeaders } from './platform/http/security-headers';
import type { AppDeps, ModuleRoutes } from './platform/http/types';
import { registerLifecycle } from './platform/lifecycle';
import { metricsRoutes } from './platform/metrics';

/** Every module's routes, registered under /api/v1. A new module adds one line. */
const MODULES: ModuleRoutes[] = [
  authRoutes,
  adminRoutes,
  preferenceRoutes,
  carrierRoutes,
  partyRoutes,
  partyGroupRoutes,
  tradelaneRoutes,
  warehouseRoutes,
  sailingScheduleRoutes,
  rateRoutes,
  sequenceRoutes,
  signatureRoutes,
  routingTemplateRoutes,
  registrationRoutes,
  userAdminRoutes,
  roleRoutes,
  sysNoticeRoutes,
  publicFileRoutes,
  mailboxRoutes,
  documentRoutes,
  bookingRoutes,
  bookingActionRoutes,
  bookingCarrierRoutes,
  bookingApprovalRoutes,
  consolidationRoutes,
  consolCarrierRoutes,
  masterBlRoutes,
  mobileRoutes,
  notificationRoutes,
  webhookRoutes,
  carrierLinkRoutes,
  reportWriterRoutes,
  emailTemplateRoutes,
  searchRoutes,
  cargoPlatformRoutes,
  exchangeRateRoutes,
  invoiceRoutes,
  invoiceBatchRoutes,
  financeRoutes,
  // after invoices: registers the SOPMS check of invoice saves and moves
  sopmsRoutes,
  periodRoutes,
  accountingRoutes,
  // GP reports: registers the invoice and booking change hooks that keep its aggregates
  gpReportRoutes,
  // the operation alert dashboard, the page-view log and the `ops` analytics pages
  operationAlertRoutes,
  // the GP-based analytics pages (registerAnalyticsPage; no routes of its own)
  analyticsGpRoutes,
  // Analytics: every page's routes; the owning modules register their computations (registerAnalyticsPage)
  analyticsRoutes,
  // CO2e and the carrier pages: register their analytics pages, booking hooks and jobs
  co2eRoutes,
  carrierAnalyticsRoutes,
  settlementRoutes,
  templateRoutes,
  // lookup last: its generic GET /{area}/{type}/{value} must not shadow anything
  lookupRoutes,
];

export interface BuildAppOptions {
  db: Db;
  config: AppConfig;
  jwtSecret: string;
  /** false in tests: quieter output. */
  logger?: boolean;
}

/** Builds the Fastify application: access hook, error handler, OpenAPI, module routes, and the web app. */
export async function buildApp(opts: BuildAppOptions) {
  const app = Fastify({
    // pino JSON; tokens, passwords and reset links are redacted (platform/http/log-redaction)
    logger: opts.logger === false ? false : redactingLogger(opts.config.logLevel),
    // each request's child logger without pino's slow path (platform/http/log-redaction)
    childLoggerFactory: requestChildLogger,
    bodyLimit: 2 * 1024 * 1024,
    // Long path parameters reach the route's schema, which answers 400 with the field at fault.
    routerOptions: { maxParamLength: 1000 },
    // Request ids unique across instances (per-process random prefix and a counter), or a proxy's safe
    // x-request-id; every answer carries it (platform/http/request-id).
    requestIdHeader: false,
    genReqId: requestIdGenerator(),
    frameworkErrors: requestIdFrameworkErrors,
    // The client address behind a proxy (rate limits, logs): TRUST_PROXY.
    trustProxy: opts.config.trustProxy,
    ajv: { customOptions: { coerceTypes: false } },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API speaks JSON only: any other body type answers 415 with a message key.
  app.removeContentTypeParser('text/plain');

  const deps: AppDeps = { db: opts.db, tokens: new TokenService(opts.jwtSecret), config: opts.config };
  registerErrorHandler(app);
  // before every other hook, so each answer (a 503 while stopping too) says which request it was
  registerRequestIdHeader(app);
  // first hook after it: counts running requests and refuses new ones with 503 while the instance stops
  registerLifecycle(app);
  // before the access hook, so refusals (401/403) carry the headers too
  await registerSecurityHeaders(app, opts.config);
  // Brotli/gzip for API answers over 1 KB (registered before the routes and the web app, which it must
  // precede). The web build's files are compressed at build time and sent as they are (preCompressed below).
  // Request bodies are never decompressed: the API takes plain JSON only. JSON answers up to 256 KB are
  // compressed in one call (platform/http/compression.ts); larger ones and streams by @fastify/compress.
  registerSyncCompression(app);
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    globalDecompression: false,
  });
  registerAccess(app, deps);
  registerNulGuard(app);
  await registerRateLimit(app, deps);
  documentErrors(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Freight portal API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  // The docs list every route and field: anonymous callers get them only outside production or with API_DOCS=on.
  if (opts.config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  // GET /metrics (METRICS_TOKEN) and the request-duration histogram, which covers every route after it.
  await metricsRoutes(app, { db: opts.db, token: opts.config.metricsToken });
  await app.register(healthRoutes, { deps } as never);
  await app.register(
    async (api) => {
      for (const mod of MODULES) await mod(api.withTypeProvider<ZodTypeProvider>(), deps);
    },
    { prefix: API_PREFIX },
  );

  const webDir = opts.config.webDistDir;
  const spa = existsSync(path.join(webDir, 'index.html'));
  if (spa) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      cacheControl: false,
      // <file>.br / <file>.gz written by the build (apps/web/build/precompress-plugin.ts), chosen by Accept-Encoding.
      preCompressed: true,
      // Vite's hashed assets never change; index.html must always be revalidated. The answer depends on
      // Accept-Encoding (preCompressed), which shared caches must know.
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  registerNotFound(app, { spa });
  return app;
}
