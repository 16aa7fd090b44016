import type { TRoutingTemplate } from '@portal/contracts';
import type { RoutingTemplateView } from './routing-template.repository';

const iso = (v: string) => new Date(v).toISOString();

/** What a routing template looks like on the wire, with its parties' and ports' labels. */
export const presentRoutingTemplate = ({ t, ...names }: RoutingTemplateView): TRoutingTemplate => ({
  routing_template_id: t.routing_template_id,
  name: t.name,
  customer_party_id: t.customer_party_id,
  customer_name: names.customer_name,
  consignee_party_id: t.consignee_party_id,
  consignee_name: names.consignee_name,
  pod: t.pod,
  pod_name: names.pod_name,
  pld: t.pld,
  pld_name: names.pld_name,
  fd: t.fd,
  fd_name: names.fd_name,
  effective_from: t.effective_from,
  effective_to: t.effective_to,
  can_overwrite: t.can_overwrite,
  eta_validation: t.eta_validation,
  version: t.version,
  created_at: iso(t.created_at),
  created_by: t.created_by,
  updated_at: iso(t.updated_at),
  updated_by: t.updated_by,
});
