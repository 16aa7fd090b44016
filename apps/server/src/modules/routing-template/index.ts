/** The routing-template module's public entry: what other modules, app.ts and the seeds may use. */

export { routingTemplateRoutes } from './routing-template.routes';
export { routingTemplates } from './routing-template.tables';
export {
  applicableTemplate,
  applicableTemplateOrThrow,
  type RoutedBooking,
  routingTemplateErrors,
} from './routing-template-apply';
