import { DeleteOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/button';
import { Form } from '../../../shared/form';
import { PlainCard } from '../../../shared/plain/plain-card';
import { PlainEmpty } from '../../../shared/plain/plain-list';
import { PlainTextInput } from '../../../shared/plain/plain-text-input';
import type { HeaderPartySource } from './header-party-address';
import { AddRoleButton, PartyAddressFields, type PartyAddressFieldsProps } from './party-address-fields';
import { freeRoles } from './role-parties';

const CopyHeaderPartiesButton = lazy(() =>
  import('./header-party-copy').then((m) => ({ default: m.CopyHeaderPartiesButton })),
);

export interface RolePartyListProps {
  /** The filing: its Form.List is `${kind}_parties`, its words `${kind}.…`, its test ids `${kind}-…`. */
  kind: 'isf' | 'ens';
  roles: readonly string[];
  shape: PartyAddressFieldsProps['shape'];
  /** The header parties the copy button fills roles from. */
  copySources: readonly HeaderPartySource[];
  readOnly?: boolean;
  onChanged?: () => void;
  /** Tools before a card's remove button (e.g. ISF's profile picker). */
  cardTools?: (index: number, testId: string) => ReactNode;
  /** A card's own fields below the address. */
  children: (index: number, testId: string) => ReactNode;
}

/**
 * A filing's parties, one card per role (a role stands once): the card's address fields and its own, the
 * list's errors, then "copy from the header" and "add role". Read-only: no remove, copy or add.
 */
export function RolePartyList({
  kind,
  roles,
  shape,
  copySources,
  readOnly,
  onChanged,
  cardTools,
  children,
}: RolePartyListProps) {
  const { t } = useTranslation('booking-extra');
  const listName = `${kind}_parties`;
  const form = Form.useFormInstance();
  const parties = (Form.useWatch(listName, form) ?? []) as Array<{ role?: string } | undefined>;
  const free = freeRoles(roles, parties);

  return (
    <Form.List name={listName}>
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.length === 0 && <PlainEmpty text={t(`${kind}.empty`)} />}
          {fields.map((field) => {
            const role = parties[field.name]?.role;
            const testId = `${kind}-${role ?? field.name}`;
            const removeButton = (
              <Button
                size="small"
                danger
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t(`${kind}.removeParty`)}
                title={t(`${kind}.removeParty`)}
                onClick={() => remove(field.name)}
                data-testid={`${testId}-remove`}
              />
            );
            return (
              <PlainCard
                key={field.key}
                title={role ? t(`${kind}.roles.${role}`) : t(`${kind}.party`)}
                data-testid={`${testId}-card`}
                extra={
                  !readOnly &&
                  (cardTools ? (
                    <Flex gap={8} wrap align="center">
                      {cardTools(field.name, testId)}
                      {removeButton}
                    </Flex>
                  ) : (
                    removeButton
                  ))
                }
              >
                <Form.Item name={[field.name, 'role']} hidden>
                  <PlainTextInput />
                </Form.Item>
                <PartyAddressFields listName={listName} index={field.name} shape={shape} testId={testId} />
                {children(field.name, testId)}
              </PlainCard>
            );
          })}
          {/* Inside a Form.Item so the list's own errors (a missing role) read as field errors, in red. */}
          {errors.length > 0 && (
            <Form.Item validateStatus="error" style={{ marginBottom: 0 }} data-testid={`${kind}-errors`}>
              <Form.ErrorList errors={errors} />
            </Form.Item>
          )}
          {!readOnly && (
            <Flex gap={8} wrap>
              <Suspense fallback={null}>
                <CopyHeaderPartiesButton kind={kind} sources={copySources} onChanged={onChanged} />
              </Suspense>
              <AddRoleButton kind={kind} roles={free} onAdd={(role) => add({ role })} />
            </Flex>
          )}
        </>
      )}
    </Form.List>
  );
}
