import { SopmsDetailRoute } from './sopms-detail-page';

/** SOPMSEdit/{tmplib_id}: the template's editor (read-only for anyone but its owner). */
export default function SopmsEditPage() {
  return <SopmsDetailRoute edit />;
}
