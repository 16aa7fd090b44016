import type {
  TInvoicePrintOptions,
  TMarksGoods,
  TTemplate,
  TTemplateLine,
  TTemplateSummary,
} from '@portal/contracts';
import { money } from '@portal/contracts';
import type { TemplateLineRow, TemplateView, Viewer } from './template.repository';
import { lineContent } from './template-lines';

const iso = (v: string) => new Date(v).toISOString();
type Privacy = TTemplateSummary['privacy'];

/** A template in a list: what any reader may see (never the share code). */
export function presentSummary({ t, is_favourite, version_seen }: TemplateView, v: Viewer): TTemplateSummary {
  const isAdded = version_seen !== null && t.owner_uid !== v.uid;
  return {
    tmplib_id: t.tmplib_id,
    name: t.name,
    description: t.description,
    module: t.module as TTemplateSummary['module'],
    category: t.category,
    tags: t.tags,
    privacy: t.privacy as Privacy,
    colour: t.colour as TTemplateSummary['colour'],
    status: t.status,
    owner_uid: t.owner_uid,
    owner_name: t.owner_name,
    owner_office: t.owner_office,
    is_owner: t.owner_uid === v.uid,
    is_favourite,
    is_added: isAdded,
    has_update: isAdded && !!t.release_note && (version_seen ?? 0) < t.version,
    version: t.version,
    updated_at: iso(t.updated_at),
  };
}

export const presentLine = (l: TemplateLineRow): TTemplateLine => ({
  line_no: l.line_no,
  dr_cr: l.dr_cr === 'CR' ? 'CR' : 'DR',
  basis: l.basis as TTemplateLine['basis'],
  ...lineContent(l),
  total_amount: money.round(money.mul(l.unit_price, l.quantity), l.currency),
});

/** A template in full; the share code only for its owner. */
export function presentTemplate(view: TemplateView, lines: TemplateLineRow[], v: Viewer): TTemplate {
  const { t } = view;
  const isOwner = t.owner_uid === v.uid;
  return {
    ...presentSummary(view, v),
    offices: t.offices,
    release_note: t.release_note,
    share_code: isOwner ? t.share_code : null,
    lines: lines.map(presentLine),
    print_options: t.category === 'PRINT_OPTIONS' ? (t.content as TInvoicePrintOptions) : null,
    marks_goods: t.category === 'MARKS_GOODS' ? (t.content as TMarksGoods) : null,
    created_at: iso(t.created_at),
    created_by: t.created_by,
    updated_by: t.updated_by,
  };
}
