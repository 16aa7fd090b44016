import { EyeOutlined } from '@ant-design/icons';
import {
  TABLE_VIEW_PREFERENCE,
  type TUpsertUserPreferencesWithTypeRequest,
  type TUserPreference,
} from '@portal/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '../button';
import { useApp } from '../feedback';
import { errorText } from '../i18n/error-text';
import { DialogPopover } from './dialog-popover';
import { useDeleteUserPreference, useSaveUserPreference, useUserPreferences } from './preference-api';
import { readView, viewFromState, viewToPatch } from './table-view';
import type { ColumnLayoutApi } from './use-column-layout';
import type { ListQuery } from './use-list-query';
import type { ViewValues } from './views-save-modal';

// The panel and the save dialog load on demand (issue 20: antd Form, Modal, Popconfirm and Typography are not
// part of every list's first load): the panel when the button is first pointed at, focused or pressed.
const loadPanel = () => import('./views-panel');
const ViewsPanel = lazy(loadPanel);
const ViewsSaveModal = lazy(() => import('./views-save-modal'));

export interface ViewsControlProps<F extends string> {
  /** The page the views belong to (the preference `url`), e.g. `/BMS/carrier_maintenance`. */
  url: string;
  list: Pick<ListQuery<unknown, F>, 'state' | 'setState'>;
  layout: ColumnLayoutApi;
}

/**
 * The "Views" control of a DataTable: save the current columns, search, filters and sort under a name
 * (a 'table_view' user preference), apply one, mark one favourite (applied when the page opens without
 * URL state) and delete one.
 */
export function ViewsControl<F extends string>({ url, list, layout }: ViewsControlProps<F>) {
  const { t } = useTranslation('list');
  const { message } = useApp();
  const location = useLocation();
  const views = useUserPreferences(url, TABLE_VIEW_PREFERENCE);
  const save = useSaveUserPreference();
  const remove = useDeleteUserPreference();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [modal, setModal] = useState(false);
  // The save dialog stays mounted after its first opening (so it can animate closed).
  const [modalUsed, setModalUsed] = useState(false);
  const openedBare = useRef(location.search === '');
  const favouriteDone = useRef(false);

  const apply = (p: TUserPreference, replace = false) => {
    const view = readView(p.preference);
    if (!view) return;
    if (view.layout) layout.apply(view.layout);
    list.setState(viewToPatch(view, list.state), replace);
  };

  // The favourite opens with the page, unless the URL already says what to show (a link, Back).
  useEffect(() => {
    if (favouriteDone.current || !views.data) return;
    favouriteDone.current = true;
    const fav = views.data.find((v) => v.isFavourite);
    if (fav && openedBare.current) apply(fav, true);
  });

  const write = async (body: Omit<TUpsertUserPreferencesWithTypeRequest, 'preference_type'>) => {
    const key = `views:${url}`;
    message.open({ key, type: 'loading', content: t('views.saving'), duration: 0 });
    try {
      const saved = await save.mutateAsync({ ...body, preference_type: TABLE_VIEW_PREFERENCE });
      message.open({
        key,
        type: 'success',
        content: t('views.saved', { name: saved.preference_name }),
        duration: 3,
      });
      return true;
    } catch (e) {
      message.open({ key, type: 'error', content: errorText(t, e), duration: 6 });
      return false;
    }
  };

  const saveCurrent = async ({ name, favourite }: ViewValues) => {
    const existing = views.data?.find((v) => v.preference_name === name.trim());
    setSaving(true);
    const ok = await write({
      preference_id: existing?.preference_id,
      url,
      preference_name: name.trim(),
      preference: viewFromState(layout.layout, list.state),
      preference_style: null,
      isFavourite: favourite,
    });
    setSaving(false);
    if (ok) setModal(false);
  };

  const toggleFavourite = (p: TUserPreference) =>
    write({
      preference_id: p.preference_id,
      url: p.url,
      preference_name: p.preference_name ?? '',
      preference: p.preference,
      preference_style: p.preference_style,
      isFavourite: !p.isFavourite,
    });

  const del = async (p: TUserPreference) => {
    try {
      await remove.mutateAsync(p.preference_id);
      message.success(t('views.deleted', { name: p.preference_name }));
    } catch (e) {
      message.error(errorText(t, e));
    }
  };

  const content = open ? (
    <Suspense fallback={<span className="portal-dt-spinner" role="status" aria-label={t('loading')} />}>
      <ViewsPanel
        views={views.data}
        loadError={views.isError}
        onFavourite={(p) => void toggleFavourite(p)}
        onApply={(p) => {
          apply(p);
          setOpen(false);
          message.info(t('views.applied', { name: p.preference_name ?? '' }));
        }}
        onDelete={(p) => void del(p)}
        onSave={() => {
          setOpen(false);
          setModalUsed(true);
          setModal(true);
        }}
      />
    </Suspense>
  ) : null;

  return (
    <>
      <DialogPopover
        placement="bottomRight"
        title={t('views.title')}
        content={content}
        open={open}
        onOpenChange={setOpen}
      >
        <Button
          icon={<EyeOutlined />}
          data-testid="views-button"
          onPointerEnter={loadPanel}
          onFocus={loadPanel}
        >
          {t('views.button')}
        </Button>
      </DialogPopover>
      {modalUsed ? (
        <Suspense fallback={null}>
          <ViewsSaveModal
            open={modal}
            saving={saving}
            onSave={saveCurrent}
            onCancel={() => setModal(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
