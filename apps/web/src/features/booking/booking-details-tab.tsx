import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../shared/form';
import { PlainCheckbox } from '../../shared/plain/plain-checkbox';
import { PlainCollapse } from '../../shared/plain/plain-collapse';
import { PlainTextArea, PlainTextInput } from '../../shared/plain/plain-text-input';
import { marksGoodsActionSlot } from './booking-detail-slots';
import {
  BookingField,
  type BookingFieldName,
  ChoiceSelect,
  FieldRow,
  NumberInput,
} from './booking-form-parts';
import { useBookingLabels } from './booking-labels';
import { ContainerLines, EquipmentLines, HsLines } from './booking-lines';
import type { BookingTabProps } from './booking-tab-props';

/**
 * Details tab: terms and cargo, flags and documents, requested equipment, container lines and HS lines.
 */
export function BookingDetailsTab({ readOnly, internal }: BookingTabProps) {
  const { t } = useTranslation('booking');
  const labels = useBookingLabels();
  const dangerous = Form.useWatch('is_dangerous') as boolean | undefined;
  const form = Form.useFormInstance();
  const MarksGoodsAction = marksGoodsActionSlot();
  const select = (
    name: BookingFieldName,
    options: { value: string; label: string }[],
    allowClear = false,
  ) => (
    <BookingField key={name} name={name}>
      <ChoiceSelect options={options} allowClear={allowClear} testId={`booking-field-${name}`} />
    </BookingField>
  );
  const check = (name: BookingFieldName) => (
    <BookingField key={name} name={name} valuePropName="checked" span={4}>
      <PlainCheckbox data-testid={`booking-field-${name}`} />
    </BookingField>
  );
  const text = (name: BookingFieldName, rows: number, max: number) => (
    <BookingField key={name} name={name} span={12}>
      <PlainTextArea rows={rows} maxLength={max} data-testid={`booking-field-${name}`} />
    </BookingField>
  );

  const items = [
    {
      key: 'terms',
      label: t('panel.terms'),
      children: (
        <FieldRow>
          {select('incoterms', labels.incotermOptions)}
          <BookingField name="incoterms_location" />
          {select('freight_term', labels.freightTermOptions)}
          <BookingField name="commodity" />
          {check('is_dangerous')}
          {dangerous && (
            <BookingField name="un_no" span={4}>
              <PlainTextInput maxLength={4} placeholder="1234" data-testid="booking-field-un_no" />
            </BookingField>
          )}
          <BookingField name="package_qty" span={4}>
            <NumberInput min={0} precision={0} testId="booking-field-package_qty" />
          </BookingField>
          {select('package_unit', labels.packageUnitOptions, true)}
          <BookingField name="gross_weight" span={4} />
          <BookingField name="cbm" span={4} />
          {select('space_status', labels.spaceStatusOptions)}
          {select('booking_condition', labels.bookingConditionOptions)}
          {MarksGoodsAction && !readOnly && (
            <div style={{ flexBasis: '100%', width: '100%' }}>
              {/* The registered action loads on demand (lazy): nothing shows until it has. */}
              <Suspense fallback={null}>
                <MarksGoodsAction
                  disabled={!!readOnly}
                  onApply={(v) =>
                    form.setFieldsValue({
                      ...(v.marks ? { marks: v.marks } : {}),
                      ...(v.goods_description ? { goods_description: v.goods_description } : {}),
                    })
                  }
                />
              </Suspense>
            </div>
          )}
          {text('marks', 3, 2000)}
          {text('goods_description', 3, 4000)}
        </FieldRow>
      ),
    },
    {
      key: 'documents',
      label: t('panel.flags'),
      children: (
        <FieldRow>
          {check('is_consolidatable')}
          {check('is_to_order')}
          {internal && check('hide_party_address')}
          <BookingField name="originals_count" span={4}>
            <NumberInput min={0} max={9} precision={0} testId="booking-field-originals_count" />
          </BookingField>
          {select('transport_document', labels.transportDocumentOptions)}
        </FieldRow>
      ),
    },
    { key: 'equipment', label: t('panel.equipment'), children: <EquipmentLines readOnly={readOnly} /> },
    { key: 'containers', label: t('panel.containers'), children: <ContainerLines readOnly={readOnly} /> },
    { key: 'hs', label: t('panel.hsLines'), children: <HsLines readOnly={readOnly} /> },
  ];

  return <PlainCollapse items={items} data-testid="booking-details-tab" />;
}
