/** Where the routing template screens live (002 §2). */
export const ROUTING_TEMPLATE_LIST_PATH = '/SOPMS/routing_template/search_routing_template';
/** The detail screen of one template, or of a new one. */
export const routingTemplatePath = (id: number | 'new') =>
  `/SOPMS/routing_template/routing_template_detail/${id}`;
