import { DeleteOutlined, SaveOutlined } from '@ant-design/icons';
import type { TIsfProfile } from '@portal/contracts';
import { type ButtonProps, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/http';
import { Button } from '../../../shared/button';
import { useApp } from '../../../shared/feedback';
import { Form, fieldErrorsOf, loadContracts } from '../../../shared/form';
import { msgTextOf } from '../../../shared/form/zod-rule';
import { errorText } from '../../../shared/i18n/error-text';
import { PlainSelect } from '../../../shared/plain/plain-select';
import { useDeleteIsfProfile, useIsfProfiles, useSaveIsfProfile } from '../booking-extras-api';

/** The card's address as an ISF profile (the profile's camelCase countryOfOrigin, 001 §3 ISF profile). */
export const cardToProfile = (v: Record<string, unknown> | undefined) => ({
  name: String(v?.name ?? ''),
  address1: String(v?.address1 ?? ''),
  address2: (v?.address2 as string | null | undefined) ?? null,
  city: String(v?.city ?? ''),
  state: (v?.state as string | null | undefined) ?? null,
  zip: (v?.zip as string | null | undefined) ?? null,
  country: String(v?.country_code ?? ''),
  countryOfOrigin: String(v?.country_of_origin ?? ''),
});

/** The card values a profile fills in (the role and HTS code stay as they are). */
export const profileToCard = (p: TIsfProfile) => ({
  name: p.name,
  address1: p.address1,
  address2: p.address2,
  city: p.city,
  state: p.state,
  zip: p.zip,
  country_code: p.country,
  country_of_origin: p.countryOfOrigin,
});

/** Per ISF card: apply one of the user's profiles, delete it (confirmed), or save the card as a profile. */
export function IsfProfileControls({ index, testId }: { index: number; testId: string }) {
  const { t } = useTranslation('booking-extra');
  const { message, modal } = useApp();
  const form = Form.useFormInstance();
  const profiles = useIsfProfiles();
  const save = useSaveIsfProfile();
  const del = useDeleteIsfProfile();
  const [picked, setPicked] = useState<number | undefined>();
  const path = ['isf_parties', index];
  const pickedProfile = profiles.data?.find((p) => p.isf_profile_id === picked);

  const apply = () => {
    if (!pickedProfile) return;
    const current = (form.getFieldValue(path) ?? {}) as Record<string, unknown>;
    form.setFieldValue(path, { ...current, ...profileToCard(pickedProfile) });
    void form
      .validateFields([
        [...path, 'state'],
        [...path, 'zip'],
      ])
      .catch(() => undefined);
    message.success(t('isf.profileApplied', { name: pickedProfile.name }));
  };

  const saveAsProfile = async () => {
    const fields = ['name', 'address1', 'city', 'country_code', 'country_of_origin', 'state', 'zip'];
    try {
      await form.validateFields(fields.map((f) => [...path, f]));
    } catch {
      message.error(t('isf.profileFixCard'));
      return;
    }
    const body = cardToProfile(form.getFieldValue(path) as Record<string, unknown>);
    if (!(await loadContracts()).ZIsfProfileFields.safeParse(body).success) {
      message.error(t('isf.profileFixCard'));
      return;
    }
    save.mutate(body, {
      onSuccess: (p) => {
        setPicked(p.isf_profile_id);
        message.success(t('isf.profileSaved', { name: p.name }));
      },
      onError: (e) => {
        const first = fieldErrorsOf(e)[0];
        message.error(first ? t(`msg:${first.msgKey}`, first.params ?? {}) : errorText(t, e));
      },
    });
  };

  const remove = () =>
    pickedProfile &&
    del.mutateAsync(pickedProfile.isf_profile_id).then(
      () => {
        setPicked(undefined);
        message.success(t('isf.profileDeleted', { name: pickedProfile.name }));
      },
      (e: unknown) =>
        void (
          e instanceof ApiError && e.status === 0
            ? Promise.resolve(errorText(t, e))
            : msgTextOf('msgDeleteIsfProfileFail')
        ).then((text) => message.error(text)),
    );

  return (
    <Flex wrap gap={4} align="center" data-testid={`${testId}-profiles`}>
      <PlainSelect
        className="plain-select--small"
        style={{ width: 200 }}
        aria-label={t('isf.profilePick')}
        placeholder={profiles.data?.length === 0 ? t('isf.profileNone') : t('isf.profilePick')}
        value={picked === undefined ? undefined : String(picked)}
        onChange={(v) => setPicked(v === undefined ? undefined : Number(v))}
        allowClear
        keepUnknown={false}
        aria-busy={profiles.isLoading || undefined}
        options={(profiles.data ?? []).map((p) => ({
          value: String(p.isf_profile_id),
          label: `${p.name} (${p.city}, ${p.country})`,
        }))}
        data-testid={`${testId}-profile-select`}
      />
      <Button size="small" disabled={!pickedProfile} onClick={apply} data-testid={`${testId}-profile-apply`}>
        {t('isf.profileApply')}
      </Button>
      <Button
        size="small"
        danger
        icon={<DeleteOutlined />}
        disabled={!pickedProfile}
        loading={del.isPending}
        data-testid={`${testId}-profile-delete`}
        onClick={() =>
          modal.confirm({
            title: t('isf.profileDeleteConfirm', { name: pickedProfile?.name ?? '' }),
            okText: t('common.delete'),
            cancelText: t('common.cancel'),
            okButtonProps: { danger: true, 'data-testid': `${testId}-profile-delete-confirm` } as ButtonProps,
            onOk: remove,
          })
        }
      >
        {t('isf.profileDelete')}
      </Button>
      <Button
        size="small"
        icon={<SaveOutlined />}
        loading={save.isPending}
        onClick={saveAsProfile}
        data-testid={`${testId}-profile-save`}
      >
        {t('isf.profileSave')}
      </Button>
    </Flex>
  );
}
