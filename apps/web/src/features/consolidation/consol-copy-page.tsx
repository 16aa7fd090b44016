import ConsolDetailPage from './consol-detail-page';

/** consolidation_management_copy/{consol_no}: a new plan prefilled from an existing one. */
export default function ConsolCopyPage() {
  return <ConsolDetailPage copy />;
}
