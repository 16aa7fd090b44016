/** The email-template module's public entry: what other modules (notification), app.ts and the seeds may use. */
export { emailTemplateRoutes } from './email-template.routes';
export { type EmailParams, renderEmail, seedEmailTemplates } from './email-template.service';
export { emailTemplates } from './email-template.tables';
