import { TemplateEditRoute } from './template-details-page';

/** TemplateEdit/{tmplib_id} (lazy-loaded). */
export default TemplateEditRoute;
