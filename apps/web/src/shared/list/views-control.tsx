import { DeleteOutlined, EyeOutlined, SaveOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import {
  TABLE_VIEW_PREFERENCE,
  type TUpsertUserPreferencesWithTypeRequest,
  type TUserPreference,
} from '@portal/contracts';
import { App, Button, Checkbox, Empty, Flex, Form, Input, Modal, Popconfirm, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { errorText } from '../i18n/error-text';
import { DialogPopover } from './dialog-popover';
import { useDeleteUserPreference, useSaveUserPreference, useUserPreferences } from './preference-api';
import { readView, viewFromState, viewToPatch } from './table-view';
import type { ColumnLayoutApi } from './use-column-layout';
import type { ListQuery } from './use-list-query';

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
  const { message } = App.useApp();
  const location = useLocation();
  const views = useUserPreferences(url, TABLE_VIEW_PREFERENCE);
  const save = useSaveUserPreference();
  const remove = useDeleteUserPreference();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [modal, setModal] = useState(false);
  const [form] = Form.useForm<{ name: string; favourite: boolean }>();
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

  const saveCurrent = async () => {
    let values: { name: string; favourite: boolean };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const { name, favourite } = values;
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

  const content = (
    <Flex vertical gap={8} style={{ minWidth: 280 }} data-testid="views-panel">
      {views.isError && <Typography.Text type="danger">{t('views.loadError')}</Typography.Text>}
      {views.data?.length === 0 && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('views.none')} />
      )}
      {views.data?.map((p) => {
        const name = p.preference_name ?? '';
        return (
          <Flex key={p.preference_id} align="center" gap={4} data-testid="view-item">
            <Button
              type="text"
              size="small"
              aria-label={t(p.isFavourite ? 'views.unmarkFavourite' : 'views.markFavourite', { name })}
              icon={p.isFavourite ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => toggleFavourite(p)}
              data-testid={`view-favourite-${p.preference_id}`}
            />
            <Button
              type="link"
              size="small"
              icon={<EyeOutlined />}
              style={{ flex: 1, justifyContent: 'flex-start' }}
              onClick={() => {
                apply(p);
                setOpen(false);
                message.info(t('views.applied', { name }));
              }}
              data-testid={`view-apply-${p.preference_id}`}
            >
              {name}
            </Button>
            <Popconfirm
              title={t('views.deleteConfirm', { name })}
              okText={t('views.delete')}
              cancelText={t('views.cancel')}
              onConfirm={() => del(p)}
            >
              <Button
                type="text"
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('views.delete')}
                data-testid={`view-delete-${p.preference_id}`}
              />
            </Popconfirm>
          </Flex>
        );
      })}
      <Button
        icon={<SaveOutlined />}
        onClick={() => {
          setOpen(false);
          setModal(true);
        }}
        data-testid="view-save"
      >
        {t('views.save')}
      </Button>
    </Flex>
  );

  return (
    <>
      <DialogPopover
        placement="bottomRight"
        title={t('views.title')}
        content={content}
        open={open}
        onOpenChange={setOpen}
      >
        <Button icon={<EyeOutlined />} data-testid="views-button">
          {t('views.button')}
        </Button>
      </DialogPopover>
      <Modal
        open={modal}
        title={t('views.saveTitle')}
        okText={t('views.ok')}
        cancelText={t('views.cancel')}
        confirmLoading={saving}
        onOk={saveCurrent}
        onCancel={() => setModal(false)}
        okButtonProps={{ 'data-testid': 'view-save-ok' } as Record<`data-${string}`, string>}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          initialValues={{ name: '', favourite: false }}
          onFinish={saveCurrent}
        >
          <Form.Item
            name="name"
            label={t('views.name')}
            rules={[{ required: true, whitespace: true, message: t('views.nameRequired') }, { max: 100 }]}
          >
            <Input maxLength={100} autoFocus data-testid="view-name" />
          </Form.Item>
          <Form.Item name="favourite" valuePropName="checked">
            <Checkbox data-testid="view-favourite">{t('views.favourite')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
