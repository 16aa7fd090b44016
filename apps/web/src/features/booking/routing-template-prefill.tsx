import type { TApplicableRoutingTemplate } from '@portal/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api/http';
import { Form } from '../../shared/form';
import { errorText } from '../../shared/i18n/error-text';
import { PlainAlert } from '../../shared/plain/plain-alert';

/**
 * The routing template a new booking of (customer, consignee) takes today, or null when none applies (the
 * server answers 200 with null: "no template" is a normal answer, not an error).
 */
export const fetchRoutingTemplate = (customerId: string | number, consigneeId: string | number) =>
  api.get<TApplicableRoutingTemplate | null>('/Booking/routing-template', {
    customer_id: customerId,
    consignee_id: consigneeId,
  });

/** The places a routing template sets on a booking. */
export const ROUTING_PLACES = ['pod', 'pld', 'fd'] as const;
type Place = (typeof ROUTING_PLACES)[number];

export interface RoutingTemplatePrefill {
  template: TApplicableRoutingTemplate | null;
  /** Places the template sets and does not let the user overwrite (read-only on the form). */
  locked: ReadonlySet<string>;
  /** The hint under a locked place. */
  lockHint: string;
  /** Which template applied (or why none could be read), for the Places panel. */
  notice: ReactNode;
}

/**
 * Routing templates on a new booking (001 §2, 002 §5): once customer and consignee are both chosen, the
 * template for that pair valid today (`GET /Booking/routing-template`) fills POD, PLD and FD; when it
 * cannot be overwritten those places become read-only (the server refuses other values with
 * msgRoutingTemplateLocked). Call inside the booking form; `active` is false for saved or read-only bookings.
 */
export function useRoutingTemplatePrefill(active: boolean, onChanged: () => void): RoutingTemplatePrefill {
  const { t } = useTranslation('booking-extra');
  const form = Form.useFormInstance();
  const customer = Form.useWatch('customer_id', form) as string | number | null | undefined;
  const consignee = Form.useWatch('consignee_id', form) as string | number | null | undefined;
  const [template, setTemplate] = useState<TApplicableRoutingTemplate | null>(null);
  const [error, setError] = useState<unknown>(null);
  const changed = useRef(onChanged);
  changed.current = onChanged;

  useEffect(() => {
    setError(null);
    if (!active || !customer || !consignee) {
      setTemplate(null);
      return;
    }
    let cancelled = false;
    fetchRoutingTemplate(customer, consignee).then(
      (tpl) => {
        if (cancelled) return;
        setTemplate(tpl);
        if (!tpl) return;
        const patch: Partial<Record<Place, string>> = {};
        for (const f of ROUTING_PLACES) {
          const v = tpl[f];
          if (v) patch[f] = v;
        }
        form.setFieldsValue(patch);
        form.setFields(Object.keys(patch).map((name) => ({ name, errors: [] })));
        changed.current();
      },
      (e) => {
        if (!cancelled) {
          setTemplate(null);
          setError(e);
        }
      },
    );
    return () => {
      cancelled = true;
    };
  }, [active, customer, consignee, form]);

  const locked = new Set<string>(
    template && !template.can_overwrite ? ROUTING_PLACES.filter((f) => template[f]) : [],
  );
  const ports = template
    ? ROUTING_PLACES.filter((f) => template[f])
        .map((f) => `${t(`routing.place.${f}`)} ${template[f]}`)
        .join(', ')
    : '';
  const notice = error ? (
    <PlainAlert
      type="warning"
      title={t('routing.failed', { error: errorText(t, error) })}
      data-testid="routing-template-error"
    />
  ) : template ? (
    <PlainAlert
      type="info"
      data-testid="routing-template-applied"
      title={t('routing.applied', { name: template.name, ports })}
      description={[
        t(template.can_overwrite ? 'routing.overwritable' : 'routing.locked'),
        template.eta_validation ? t('routing.etaValidation') : null,
      ]
        .filter(Boolean)
        .join(' ')}
    />
  ) : null;
  return { template, locked, lockHint: t('routing.lockHint', { name: template?.name ?? '' }), notice };
}
