import { DeleteOutlined, PlusOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  CONSOL_SIZE_TYPES,
  CONSOL_TYPES,
  CONTAINER_OWNERSHIPS,
  type TConsolidation,
  type TContainerCapacity,
} from '@portal/contracts';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/button';
import { Form } from '../../shared/form';
import { requiredMsgRule } from '../../shared/form/zod-rule';
import { ChoiceField } from '../../shared/plain/form-fields';
import { NumberField } from '../../shared/plain/form-number-field';
import { PlainAlert } from '../../shared/plain/plain-alert';
import { PlainCard } from '../../shared/plain/plain-card';
import { PlainTag } from '../../shared/plain/plain-tag';
import { PlainTextInput } from '../../shared/plain/plain-text-input';
import { Typography } from '../../shared/plain/typography';
import { SearchSelect } from '../../shared/search-select/search-select';
import { NumberChoiceSelect } from './consol-controls';
import { ContainerFill } from './consol-fill';
import { boxOptionsOf, type ConsolFormValues, containerLoad, soOptionsOf } from './consol-form-model';
import { useConsolLabels } from './consol-labels';

// The areas of the plan's form (consol-detail-page.tsx): Consol Plan, Load Plan and Container-PO Allocation.
// They are fields of the page's one form; the page passes the watched values and whether the plan is editable.

interface AreaProps {
  /** The form's values as watched (the lists render from them before their fields register). */
  values: ConsolFormValues | undefined;
  editable: boolean;
}

const sizeOptions = CONSOL_SIZE_TYPES.map((s) => ({ value: s, label: s }));

/** Consol Plan: type, agent, offices, lane, dates and references, the sizes ordered and the plan's SOs. */
export function PlanArea({ values, editable, plan }: AreaProps & { plan: TConsolidation | null }) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  return (
    <PlainCard title={t('area.plan')} data-testid="consol-area-plan">
      <Flex wrap gap={12}>
        <Form.Item
          name="consol_type"
          label={labels.field('consol_type')}
          rules={[requiredMsgRule()]}
          style={{ width: 180 }}
        >
          <ChoiceField
            options={CONSOL_TYPES.map((v) => ({ value: v, label: labels.type(v) }))}
            data-testid="consol-field-consol_type"
          />
        </Form.Item>
        <Form.Item name="customer_party_id" label={labels.field('customer_party_id')} style={{ width: 280 }}>
          <SearchSelect fetchOptionKey="party" allowClear data-testid="consol-field-customer_party_id" />
        </Form.Item>
        {(['contact_office', 'handling_office', 'hbl_office'] as const).map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={labels.field(f)}
            rules={f === 'hbl_office' ? [] : [requiredMsgRule()]}
            style={{ width: 160 }}
          >
            <SearchSelect fetchOptionKey="office" allowClear data-testid={`consol-field-${f}`} />
          </Form.Item>
        ))}
        {(['pol', 'pod'] as const).map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={labels.field(f)}
            rules={[requiredMsgRule()]}
            style={{ width: 200 }}
          >
            <SearchSelect fetchOptionKey="port" allowClear data-testid={`consol-field-${f}`} />
          </Form.Item>
        ))}
        <Form.Item name="etd" label={labels.field('etd')} style={{ width: 160 }}>
          <PlainTextInput type="date" data-testid="consol-field-etd" />
        </Form.Item>
        <Form.Item name="reference" label={labels.field('reference')} style={{ width: 180 }}>
          <PlainTextInput maxLength={60} data-testid="consol-field-reference" />
        </Form.Item>
        <Form.Item name="agent_ref" label={labels.field('agent_ref')} style={{ width: 180 }}>
          <PlainTextInput maxLength={60} data-testid="consol-field-agent_ref" />
        </Form.Item>
      </Flex>
      <Typography.Text strong>{labels.field('equipment')}</Typography.Text>
      <Form.List name="equipment">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} data-testid="consol-equipment">
            {fields.map((f) => (
              <Flex key={f.key} align="start" gap={8}>
                <Form.Item name={[f.name, 'size_type']} rules={[requiredMsgRule()]}>
                  <ChoiceField
                    options={sizeOptions}
                    style={{ width: 120 }}
                    aria-label={labels.field('size_type')}
                    data-testid={`consol-equipment-size-${f.name}`}
                  />
                </Form.Item>
                <Form.Item name={[f.name, 'qty']} rules={[requiredMsgRule()]}>
                  <NumberField
                    min={1}
                    max={50}
                    style={{ width: 90 }}
                    aria-label={labels.field('qty')}
                    data-testid={`consol-equipment-qty-${f.name}`}
                  />
                </Form.Item>
                {editable && (
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label={t('remove')}
                    data-testid={`consol-equipment-remove-${f.name}`}
                  />
                )}
              </Flex>
            ))}
            {editable && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ size_type: '40HQ', qty: 1 })}
                style={{ width: 160 }}
                data-testid="consol-equipment-add"
              >
                {t('addSize')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
      <Typography.Text strong style={{ display: 'block', marginTop: 12 }}>
        {labels.field('so_nos')}
      </Typography.Text>
      <Form.List name="so_nos">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4} data-testid="consol-sos">
            {fields.map((f) => {
              const soNo = values?.so_nos?.[f.name];
              const so = plan?.sos.find((s) => s.so_no === soNo);
              return (
                <Flex key={f.key} align="start" wrap gap={8}>
                  <Form.Item name={f.name} rules={[requiredMsgRule()]}>
                    <PlainTextInput
                      style={{ width: 180 }}
                      aria-label={labels.field('so_no')}
                      data-testid={`consol-so-${f.name}`}
                    />
                  </Form.Item>
                  {so && (
                    <Typography.Text type="secondary" data-testid={`consol-so-cargo-${so.so_no}`}>
                      {t('soCargo', {
                        pk: so.package_qty,
                        cbm: so.cbm,
                        kg: so.kg,
                        apk: so.allocated_package_qty,
                        acbm: so.allocated_cbm,
                        akg: so.allocated_kg,
                      })}
                      {so.po_no ? ` · PO ${so.po_no}` : ''}
                    </Typography.Text>
                  )}
                  {so?.amended_changes && (
                    <PlainTag colour="orange" data-testid={`consol-so-amended-${so.so_no}`}>
                      {t('amendedFields', { fields: Object.keys(so.amended_changes).join(', ') })}
                    </PlainTag>
                  )}
                  {editable && (
                    <Button
                      icon={<DeleteOutlined />}
                      onClick={() => remove(f.name)}
                      aria-label={t('remove')}
                      data-testid={`consol-so-remove-${f.name}`}
                    />
                  )}
                </Flex>
              );
            })}
            {editable && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => add('')}
                style={{ width: 160 }}
                data-testid="consol-so-add"
              >
                {t('addSo')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </PlainCard>
  );
}

/** Load Plan: each container with its fill, numbers and dates; the auto-plan fills the allocations. */
export function LoadPlanArea({
  values,
  editable,
  capacities,
  autoNote,
  onAutoPlan,
}: AreaProps & {
  capacities: readonly TContainerCapacity[] | undefined;
  autoNote: string | null;
  onAutoPlan: () => void;
}) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  const capOf = new Map((capacities ?? []).map((c) => [c.size_type, c]));
  return (
    <PlainCard
      title={t('area.loadPlan')}
      data-testid="consol-area-load-plan"
      extra={
        editable && (
          <Button icon={<ThunderboltOutlined />} onClick={onAutoPlan} data-testid="consol-auto-plan">
            {t('autoPlan.button')}
          </Button>
        )
      }
    >
      {autoNote && (
        <div style={{ marginBottom: 8 }}>
          <PlainAlert type="info" title={autoNote} data-testid="consol-auto-plan-note" />
        </div>
      )}
      <Form.List name="containers">
        {(fields) => (
          <Flex vertical gap={8}>
            {fields.map((f) => {
              const c = values?.containers?.[f.name];
              if (!c) return null;
              const load = containerLoad(values?.allocations, c.seq);
              const cap = capOf.get(c.size_type);
              return (
                <PlainCard
                  key={f.key}
                  className="plain-card--inner"
                  headingLevel={3}
                  data-testid={`consol-container-${c.seq}`}
                  title={
                    <Flex component="span" gap={8} align="center">
                      {`#${c.seq} ${c.size_type}`}
                      {cap && <Typography.Text type="secondary">{cap.iso_code}</Typography.Text>}
                    </Flex>
                  }
                >
                  <ContainerFill
                    seq={c.seq}
                    cbm={load.cbm}
                    kg={load.kg}
                    capacityCbm={cap ? Number(cap.capacity_cbm) : null}
                    maxKg={cap ? Number(cap.max_payload_kg) : null}
                  />
                  <Form.Item name={[f.name, 'seq']} hidden>
                    <PlainTextInput />
                  </Form.Item>
                  <Form.Item name={[f.name, 'size_type']} hidden>
                    <PlainTextInput />
                  </Form.Item>
                  <Flex wrap gap={8}>
                    <Form.Item
                      name={[f.name, 'container_no']}
                      label={labels.field('container_no')}
                      style={{ width: 160 }}
                    >
                      <PlainTextInput maxLength={20} data-testid={`consol-container-no-${c.seq}`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'seal_no']}
                      label={labels.field('seal_no')}
                      style={{ width: 130 }}
                    >
                      <PlainTextInput maxLength={30} data-testid={`consol-container-seal-${c.seq}`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'ownership']}
                      label={labels.field('ownership')}
                      style={{ width: 100 }}
                    >
                      <ChoiceField options={CONTAINER_OWNERSHIPS.map((o) => ({ value: o, label: o }))} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'carrier_booking_no']}
                      label={labels.field('carrier_booking_no')}
                      style={{ width: 160 }}
                    >
                      <PlainTextInput maxLength={40} data-testid={`consol-container-cbn-${c.seq}`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'vgm_kg']}
                      label={labels.field('vgm_kg')}
                      style={{ width: 110 }}
                    >
                      <PlainTextInput data-testid={`consol-container-vgm-${c.seq}`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'actual_kg']}
                      label={labels.field('actual_kg')}
                      style={{ width: 120 }}
                    >
                      <PlainTextInput data-testid={`consol-container-kg-${c.seq}`} />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'cy_gate_in_at']}
                      label={labels.field('cy_gate_in_at')}
                      style={{ width: 200 }}
                    >
                      <PlainTextInput type="datetime-local" />
                    </Form.Item>
                    <Form.Item
                      name={[f.name, 'cfs_received_at']}
                      label={labels.field('cfs_received_at')}
                      style={{ width: 200 }}
                    >
                      <PlainTextInput type="datetime-local" />
                    </Form.Item>
                  </Flex>
                </PlainCard>
              );
            })}
          </Flex>
        )}
      </Form.List>
    </PlainCard>
  );
}

/** Container-PO Allocation: which SO's packages, cbm and kg go in which container, in loading order. */
export function AllocationArea({ values, editable, plan }: AreaProps & { plan: TConsolidation | null }) {
  const { t } = useTranslation('consolidation');
  const labels = useConsolLabels();
  const soOptions = soOptionsOf(values?.so_nos);
  const boxOptions = boxOptionsOf(values?.containers);
  const poOf = new Map((plan?.sos ?? []).map((s) => [s.so_no, s.po_no]));
  return (
    <PlainCard title={t('area.allocation')} data-testid="consol-area-allocation">
      <Form.List name="allocations">
        {(fields, { add, remove }) => (
          <Flex vertical gap={4}>
            <Flex gap={8} style={{ fontWeight: 500 }}>
              <span style={{ width: 170 }}>{labels.field('so_no')}</span>
              <span style={{ width: 120 }}>{labels.field('po_no')}</span>
              <span style={{ width: 200 }}>{labels.field('container_seq')}</span>
              <span style={{ width: 100 }}>{labels.field('package_qty')}</span>
              <span style={{ width: 100 }}>{labels.field('cbm')}</span>
              <span style={{ width: 100 }}>{labels.field('kg')}</span>
              <span style={{ width: 90 }}>{labels.field('loading_seq')}</span>
            </Flex>
            {fields.map((f) => (
              <Flex key={f.key} gap={8} align="start" data-testid={`consol-alloc-${f.name}`}>
                <Form.Item
                  name={[f.name, 'so_no']}
                  style={{ width: 170, marginBottom: 4 }}
                  rules={[requiredMsgRule()]}
                >
                  <ChoiceField
                    options={soOptions}
                    aria-label={labels.field('so_no')}
                    data-testid={`consol-alloc-so-${f.name}`}
                  />
                </Form.Item>
                <span style={{ width: 120, paddingTop: 5 }}>
                  {poOf.get(values?.allocations?.[f.name]?.so_no ?? '') ?? ''}
                </span>
                <Form.Item
                  name={[f.name, 'container_seq']}
                  style={{ width: 200, marginBottom: 4 }}
                  rules={[requiredMsgRule()]}
                >
                  <NumberChoiceSelect
                    options={boxOptions}
                    aria-label={labels.field('container_seq')}
                    data-testid={`consol-alloc-box-${f.name}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'package_qty']}
                  style={{ width: 100, marginBottom: 4 }}
                  rules={[requiredMsgRule()]}
                >
                  <NumberField
                    min={0}
                    aria-label={labels.field('package_qty')}
                    data-testid={`consol-alloc-pk-${f.name}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'cbm']}
                  style={{ width: 100, marginBottom: 4 }}
                  rules={[requiredMsgRule()]}
                >
                  <PlainTextInput
                    aria-label={labels.field('cbm')}
                    data-testid={`consol-alloc-cbm-${f.name}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[f.name, 'kg']}
                  style={{ width: 100, marginBottom: 4 }}
                  rules={[requiredMsgRule()]}
                >
                  <PlainTextInput aria-label={labels.field('kg')} data-testid={`consol-alloc-kg-${f.name}`} />
                </Form.Item>
                <Form.Item name={[f.name, 'loading_seq']} style={{ width: 90, marginBottom: 4 }}>
                  <NumberField
                    min={1}
                    aria-label={labels.field('loading_seq')}
                    data-testid={`consol-alloc-seq-${f.name}`}
                  />
                </Form.Item>
                {editable && (
                  <Button
                    icon={<DeleteOutlined />}
                    onClick={() => remove(f.name)}
                    aria-label={t('remove')}
                    data-testid={`consol-alloc-remove-${f.name}`}
                  />
                )}
              </Flex>
            ))}
            {editable && (
              <Button
                icon={<PlusOutlined />}
                onClick={() => add({ container_seq: 1, package_qty: 0, cbm: '0', kg: '0' })}
                style={{ width: 180 }}
                data-testid="consol-alloc-add"
              >
                {t('addAllocation')}
              </Button>
            )}
          </Flex>
        )}
      </Form.List>
    </PlainCard>
  );
}
