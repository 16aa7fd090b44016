import { BOOKING_OWN_PARTY_OPTION_KEY, BOOKING_PARTY_FIELDS } from '@portal/contracts';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { PlainCollapse } from '../../shared/plain/plain-collapse';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { SearchSelect } from '../../shared/search-select/search-select';
import {
  BookingField,
  type BookingFieldName,
  ChoiceSelect,
  DateInput,
  DateTimeInput,
  FieldRow,
} from './booking-form-parts';
import { statusColor, useBookingLabels } from './booking-labels';
import { type ChosenSailing, SAILING_FACTS, SailingPicker } from './booking-sailing-picker';
import type { BookingTabProps } from './booking-tab-props';
import { OwnPartyFieldContext } from './own-party';
import { useRoutingTemplatePrefill } from './routing-template-prefill';
import './booking-header-tab.css';
import { Form } from '../../shared/form';

const PARTIES: readonly BookingFieldName[] = BOOKING_PARTY_FIELDS;
const PLACES: BookingFieldName[] = ['por', 'pol', 'pod', 'pld', 'fd'];
const REFS: BookingFieldName[] = [
  'po_no',
  'master_so_no',
  'shipper_ref',
  'agent_ref',
  'consignee_ref',
  'forwarder_ref',
];
const CLOSINGS: BookingFieldName[] = ['cfs_closing', 'cy_closing', 'vgm_closing', 'si_closing'];
/** SO#, Job# and HBL# stay on one line (a number broken in the middle reads as two). */
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * Header tab: numbers and status, references, transport, parties, places, dates, the sailing (picked from
 * the schedules or typed) and, for internal users, the contract.
 */
export function BookingHeaderTab({
  booking,
  readOnly,
  internal,
  onChanged,
}: BookingTabProps & { onChanged: () => void }) {
  const { t } = useTranslation('booking');
  const labels = useBookingLabels();
  const form = Form.useFormInstance();
  const chosen = Form.useWatch(SAILING_FACTS, { form, preserve: true }) as ChosenSailing | null | undefined;
  const tbc = chosen ? chosen.is_tbc : (booking?.is_tbc_sailing ?? false);
  // A new booking takes POD, PLD and FD from the routing template of its customer and consignee.
  const routing = useRoutingTemplatePrefill(!booking && !readOnly, onChanged);
  // An external user's own-party field (a shipper's Shipper) offers only the user's own parties.
  const ownField = useContext(OwnPartyFieldContext);
  const pick = (name: BookingFieldName, key: string) => {
    const locked = routing.locked.has(name);
    const own = name === ownField && !readOnly;
    return (
      <BookingField
        key={name}
        name={name}
        hint={locked ? routing.lockHint : own ? t('ownPartyHint') : undefined}
      >
        <SearchSelect
          fetchOptionKey={own ? BOOKING_OWN_PARTY_OPTION_KEY : key}
          allowClear={!locked}
          disabled={locked || undefined}
          data-testid={`booking-field-${name}`}
        />
      </BookingField>
    );
  };
  const date = (name: BookingFieldName) => (
    <BookingField key={name} name={name}>
      <DateInput testId={`booking-field-${name}`} />
    </BookingField>
  );
  const select = (
    name: BookingFieldName,
    options: { value: string; label: string }[],
    allowClear = false,
  ) => (
    <BookingField key={name} name={name}>
      <ChoiceSelect options={options} allowClear={allowClear} testId={`booking-field-${name}`} />
    </BookingField>
  );

  const items = [
    {
      key: 'references',
      label: t('panel.references'),
      children: (
        <>
          {booking && (
            <dl className="booking-facts-list">
              <div>
                <dt>{t('field.so_no')}</dt>
                <dd data-testid="booking-so-no" style={NOWRAP}>
                  {booking.so_no}
                </dd>
              </div>
              <div>
                <dt>{t('field.job_no')}</dt>
                <dd data-testid="booking-job-no" style={NOWRAP}>
                  {booking.job_no ?? '—'}
                </dd>
              </div>
              <div>
                <dt>{t('field.hbl_no')}</dt>
                <dd data-testid="booking-hbl-no" style={NOWRAP}>
                  {booking.hbl_no ?? '—'}
                </dd>
              </div>
              <div>
                <dt>{t('field.status')}</dt>
                <dd className="plain-inline">
                  <PlainTag colour={statusColor(booking.status)}>{labels.status(booking.status)}</PlainTag>
                  {booking.is_e_booking && <PlainTag colour="cyan">{t('eBooking')}</PlainTag>}
                </dd>
              </div>
              <div>
                <dt>{t('field.created_by')}</dt>
                <dd>{booking.created_by ?? '—'}</dd>
              </div>
            </dl>
          )}
          <FieldRow>
            {REFS.map((f) => (
              <BookingField key={f} name={f} span={4} />
            ))}
          </FieldRow>
        </>
      ),
    },
    {
      key: 'transport',
      label: t('panel.transport'),
      children: (
        <FieldRow>
          {select('transport_mode', labels.transportModeOptions)}
          {select('service_type', labels.serviceTypeOptions)}
          {select('delivery_type', labels.deliveryTypeOptions)}
          {select('business_type', labels.businessTypeOptions)}
        </FieldRow>
      ),
    },
    {
      key: 'parties',
      label: t('panel.parties'),
      children: (
        <FieldRow>
          {PARTIES.map((f) => pick(f, 'party'))}
          <BookingField name="salesman" />
          {pick('handling_office', 'office')}
        </FieldRow>
      ),
    },
    {
      key: 'places',
      label: t('panel.places'),
      children: (
        <>
          {routing.notice}
          <FieldRow>{PLACES.map((f) => pick(f, 'port'))}</FieldRow>
        </>
      ),
    },
    {
      key: 'dates',
      label: t('panel.dates'),
      children: (
        <FieldRow>
          {date('cargo_ready_date')}
          {date('etd')}
          {date('eta')}
          {date('pld_eta')}
          {date('fd_eta')}
          {tbc && date('projected_etd')}
        </FieldRow>
      ),
    },
    {
      key: 'sailing',
      label: t('panel.sailing'),
      extra: tbc ? <PlainTag colour="gold">{t('sailing.tbc')}</PlainTag> : undefined,
      children: (
        <>
          <div style={{ marginBottom: 12 }}>
            <SailingPicker soNo={booking?.so_no ?? null} disabled={readOnly} onPicked={onChanged} />
          </div>
          <FieldRow>
            {pick('carrier_code', 'carrier')}
            <BookingField name="vessel_name" />
            <BookingField name="voyage" />
            {CLOSINGS.map((f) => (
              <BookingField key={f} name={f}>
                <DateTimeInput testId={`booking-field-${f}`} />
              </BookingField>
            ))}
          </FieldRow>
          <Form.Item name="sailing_id" hidden>
            <PlainTextInput />
          </Form.Item>
        </>
      ),
    },
    ...(internal
      ? [
          {
            key: 'contract',
            label: t('panel.contract'),
            children: (
              <FieldRow>
                {select('contract_type', labels.contractTypeOptions, true)}
                <BookingField name="contract_no" />
              </FieldRow>
            ),
          },
        ]
      : []),
  ];

  return <PlainCollapse items={items} data-testid="booking-header-tab" />;
}
