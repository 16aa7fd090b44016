import { CopyOutlined, EditOutlined, PlusOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { isLineCategory, type TTemplate, type TTemplateLine } from '@portal/contracts';
import { Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api/http';
import { useSession } from '../../shared/auth/use-session';
import { Button } from '../../shared/button';
import { LazyResult as Result } from '../../shared/components/lazy-result';
import { useApp } from '../../shared/feedback';
import { errorText } from '../../shared/i18n/error-text';
import { MsgText } from '../../shared/i18n/msg-text';
import { PageHeading } from '../../shared/layout/page-heading';
import { StaticTable } from '../../shared/list/static-table';
import { PlainFacts } from '../../shared/plain/plain-facts';
import { PlainTag } from '../../shared/plain/plain-tag';
import { fetchShare, useTemplate, useTemplateMutations } from './template-api';
import { useTemplateLabels } from './template-labels';
import {
  addTemplatePath,
  TEMPLATE_SEARCH_PATH,
  templateDetailsPath,
  templateEditPath,
} from './template-paths';
import { ReleaseNoteBanner } from './template-release-note';
import { TemplateWizard } from './template-wizard';

/** Not found, no permission or another failure of loading a template. */
function LoadFailed({ error }: { error: unknown }) {
  const { t } = useTranslation('template');
  const navigate = useNavigate();
  const status = error instanceof ApiError && error.status === 403 ? '403' : '404';
  return (
    <Result
      status={status}
      title={errorText(t, error)}
      extra={<Button onClick={() => navigate(TEMPLATE_SEARCH_PATH)}>{t('title')}</Button>}
    />
  );
}

/**
 * TemplateDetails/{id} (view), TemplateDetails/new (the wizard), TemplateDetails/new/{tmplib_view} (the
 * wizard starting from a copy of a template the user may read).
 */
export default function TemplateDetailsRoute() {
  const { tmplib_id, tmplib_view } = useParams();
  const { t } = useTranslation('template');
  const isNew = tmplib_id === 'new' || tmplib_id === undefined;
  const fromId = isNew && tmplib_view ? Number(tmplib_view) : null;
  const from = useTemplate(fromId);
  if (isNew) {
    if (fromId !== null && from.isLoading) return <Spinner />;
    if (fromId !== null && from.error) return <LoadFailed error={from.error} />;
    return (
      <Flex vertical gap={12}>
        <PageHeading data-testid="template-title">{t('newTitle')}</PageHeading>
        <TemplateWizard key={`new-${fromId ?? ''}`} editing={null} from={from.data ?? null} />
      </Flex>
    );
  }
  return <TemplateView id={Number(tmplib_id)} />;
}

/** TemplateEdit/{id}: the owner's wizard over the stored template. */
export function TemplateEditRoute() {
  const { tmplib_id } = useParams();
  const { t } = useTranslation('template');
  const q = useTemplate(Number(tmplib_id));
  if (q.isLoading) return <Spinner />;
  if (q.error || !q.data) return <LoadFailed error={q.error} />;
  return (
    <Flex vertical gap={12}>
      <PageHeading data-testid="template-title">{t('editTitle', { name: q.data.name })}</PageHeading>
      {q.data.is_owner ? (
        <TemplateWizard key={`edit-${q.data.tmplib_id}-${q.data.version}`} editing={q.data} />
      ) : (
        <Result status="403" title={<MsgText msgKey="msgTemplateNoPermission" />} />
      )}
    </Flex>
  );
}

function TemplateView({ id }: { id: number }) {
  const { t } = useTranslation('template');
  const { message } = useApp();
  const navigate = useNavigate();
  const { hasFunc } = useSession();
  const labels = useTemplateLabels();
  const q = useTemplate(id);
  const { favourite, add } = useTemplateMutations();
  if (q.isLoading) return <Spinner />;
  if (q.error || !q.data) return <LoadFailed error={q.error} />;
  const tpl: TTemplate = q.data;

  const copyShare = async () => {
    try {
      const s = await fetchShare(tpl.tmplib_id);
      const link = `${window.location.origin}${addTemplatePath(s.share_code)}`;
      await navigator.clipboard?.writeText(link).catch(() => undefined);
      message.success(t('shareCopied', { link }));
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageHeading title={tpl.name} data-testid="template-title">
          <Space>
            <PlainTag colour={tpl.colour} aria-hidden>
              &nbsp;
            </PlainTag>
            {t('viewTitle', { name: tpl.name })}
          </Space>
        </PageHeading>
        <Space wrap>
          <Button
            icon={tpl.is_favourite ? <StarFilled style={{ color: '#d48806' }} /> : <StarOutlined />}
            aria-pressed={tpl.is_favourite}
            onClick={() =>
              favourite.mutate(tpl.tmplib_id, { onError: (e) => message.error(errorText(t, e)) })
            }
            data-testid="template-favourite"
          >
            {tpl.is_favourite ? t('unfavourite') : t('favourite')}
          </Button>
          {tpl.is_owner && (
            <Button icon={<CopyOutlined />} onClick={() => void copyShare()} data-testid="template-share">
              {t('share')}
            </Button>
          )}
          {!tpl.is_owner && !tpl.is_added && (
            <Button
              onClick={() =>
                add.mutate(tpl.tmplib_id, {
                  onSuccess: (r) => message.success(t('addedToMine', { name: r.name })),
                  onError: (e) => message.error(errorText(t, e)),
                })
              }
              data-testid="template-add-mine"
            >
              {t('addToMine')}
            </Button>
          )}
          {hasFunc('tmplib_edit') && (
            <Button
              icon={<PlusOutlined />}
              onClick={() => navigate(templateDetailsPath('new', tpl.tmplib_id))}
              data-testid="template-new-from"
            >
              {t('newFromThis')}
            </Button>
          )}
          {tpl.is_owner && hasFunc('tmplib_edit') && (
            <Button
              type="primary"
              icon={<EditOutlined />}
              onClick={() => navigate(templateEditPath(tpl.tmplib_id))}
              data-testid="template-edit"
            >
              {t('edit')}
            </Button>
          )}
        </Space>
      </Flex>
      {tpl.has_update && <ReleaseNoteBanner id={tpl.tmplib_id} name={tpl.name} note={tpl.release_note} />}
      <PlainFacts
        bordered
        size="small"
        column={3}
        data-testid="template-setting"
        items={[
          { key: 'name', label: t('field.name'), children: tpl.name },
          { key: 'module', label: t('field.module'), children: t(`module.${tpl.module}`) },
          { key: 'category', label: t('field.category'), children: labels.category(tpl.category) },
          {
            key: 'privacy',
            label: t('field.privacy'),
            children: (
              <>
                {t(`privacy.${tpl.privacy}`)}
                {tpl.privacy === 'MARKET_OFFICE' && ` (${tpl.offices.join(', ')})`}
              </>
            ),
          },
          {
            key: 'owner',
            label: t('field.owner'),
            children: (
              <>
                {tpl.owner_name}
                {tpl.owner_office && ` (${tpl.owner_office})`}
              </>
            ),
          },
          { key: 'status', label: t('field.status'), children: t(`status.${tpl.status}`) },
          {
            key: 'tags',
            label: t('field.tags'),
            children: tpl.tags.map((g) => <PlainTag key={g}>{g}</PlainTag>),
          },
          { key: 'version', label: t('field.version'), children: tpl.version },
          ...(tpl.share_code
            ? [
                {
                  key: 'share',
                  label: t('shareCode'),
                  children: <span data-testid="template-share-code">{tpl.share_code}</span>,
                },
              ]
            : []),
          { key: 'description', label: t('field.description'), children: tpl.description ?? '—', span: 3 },
          ...(tpl.release_note
            ? [{ key: 'release_note', label: t('field.release_note'), children: tpl.release_note, span: 3 }]
            : []),
        ]}
      />
      <TemplateContent tpl={tpl} />
    </Flex>
  );
}

/** The content step, read-only: the lines, the print options or the marks and goods. */
function TemplateContent({ tpl }: { tpl: TTemplate }) {
  const { t } = useTranslation('template');
  if (isLineCategory(tpl.category))
    return (
      <Flex vertical gap={8}>
        <div style={{ fontWeight: 600 }} aria-hidden>
          {t('lines')}
        </div>
        <StaticTable<TTemplateLine>
          rowKey="line_no"
          pageSize={false}
          rows={tpl.lines}
          data-testid="template-view-lines"
          aria-label={t('lines')}
          columns={[
            { key: 'dr_cr', title: t('line.dr_cr'), dataIndex: 'dr_cr' },
            {
              key: 'basis',
              title: t('line.basis'),
              render: (_, l) => `${t(`basis.${l.basis}`)}${l.container_size ? ` ${l.container_size}` : ''}`,
            },
            { key: 'charge_code', title: t('line.charge_code'), dataIndex: 'charge_code' },
            { key: 'print_description', title: t('line.print_description'), dataIndex: 'print_description' },
            { key: 'currency', title: t('line.currency'), dataIndex: 'currency' },
            { key: 'unit_price', title: t('line.unit_price'), dataIndex: 'unit_price', align: 'right' },
            { key: 'quantity', title: t('line.quantity'), dataIndex: 'quantity', align: 'right' },
            { key: 'uom', title: t('line.uom'), dataIndex: 'uom' },
            { key: 'min_charge', title: t('line.min_charge'), dataIndex: 'min_charge', align: 'right' },
            { key: 'max_charge', title: t('line.max_charge'), dataIndex: 'max_charge', align: 'right' },
            { key: 'description', title: t('line.description'), dataIndex: 'description' },
            { key: 'total_amount', title: t('line.total_amount'), dataIndex: 'total_amount', align: 'right' },
          ]}
        />
      </Flex>
    );
  if (tpl.print_options) {
    const p = tpl.print_options;
    const yn = (v: boolean) => (v ? t('yes') : t('no'));
    return (
      <Flex vertical gap={8}>
        <ContentTitle />
        <PlainFacts
          bordered
          size="small"
          column={2}
          data-testid="template-view-print"
          items={[
            { key: 'layout', label: t('print.layout'), children: t(`print.layoutName.${p.layout}`) },
            { key: 'language', label: t('print.language'), children: t(`print.languageName.${p.language}`) },
            {
              key: 'copy_label',
              label: t('print.copy_label'),
              children: t(`print.copyName.${p.copy_label}`),
            },
            {
              key: 'show_base_currency',
              label: t('print.show_base_currency'),
              children: yn(p.show_base_currency),
            },
            { key: 'show_bank', label: t('print.show_bank'), children: yn(p.show_bank) },
            { key: 'show_tax', label: t('print.show_tax'), children: yn(p.show_tax) },
            { key: 'show_remarks', label: t('print.show_remarks'), children: yn(p.show_remarks) },
          ]}
        />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={8}>
      <ContentTitle />
      <PlainFacts
        bordered
        size="small"
        column={1}
        data-testid="template-view-marks"
        items={[
          {
            key: 'marks',
            label: t('marks.marks'),
            children: <pre style={{ margin: 0, fontFamily: 'inherit' }}>{tpl.marks_goods?.marks ?? '—'}</pre>,
          },
          {
            key: 'goods',
            label: t('marks.goods_description'),
            children: (
              <pre style={{ margin: 0, fontFamily: 'inherit' }}>
                {tpl.marks_goods?.goods_description ?? '—'}
              </pre>
            ),
          },
        ]}
      />
    </Flex>
  );
}

/** The content's heading over the print options or the marks (antd Descriptions' title). */
function ContentTitle() {
  const { t } = useTranslation('template');
  return <div style={{ fontWeight: 600, fontSize: 16 }}>{t('content')}</div>;
}

/** A page that is loading. */
function Spinner() {
  return <span className="plain-spinner" />;
}
