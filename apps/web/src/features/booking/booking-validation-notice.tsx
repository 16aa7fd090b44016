import { BOOKING_MSG } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from '../../shared/api/http';
import type { NotificationApi } from '../../shared/feedback';
import type { TBookingValidationResult } from './booking-api';

/** A result from a refusal's details ({field: so_no, msgKey, params {res, so_no, action, party_…}}). */
function resultOf(d: unknown): TBookingValidationResult | null {
  if (!d || typeof d !== 'object') return null;
  const p = ((d as { params?: Record<string, unknown> }).params ?? d) as Record<string, unknown>;
  const soNo = typeof p.so_no === 'string' ? p.so_no : (d as { field?: unknown }).field;
  if (typeof soNo !== 'string' || (p.res !== 'JOB' && p.res !== 'PARTY')) return null;
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    res: p.res,
    so_no: soNo,
    action: String(p.action ?? ''),
    party_type_name: text(p.party_type_name),
    party_code: text(p.party_code),
  };
}

/** The validation results a refused action carries (422 msgBookingValidationByJob/ByParty with details). */
export function validationResultsOf(error: unknown): TBookingValidationResult[] | null {
  if (!(error instanceof ApiError) || error.status !== 422) return null;
  const key = error.body?.msgKey;
  if (key !== BOOKING_MSG.validationByJob && key !== BOOKING_MSG.validationByParty) return null;
  const details = (error.body?.details ?? []) as unknown[];
  return Array.isArray(details) ? details.map(resultOf).filter((r) => r !== null) : [];
}

/**
 * The booking validation notifications of 000 §8: one for the SOs whose job must be re-opened, one for the
 * SOs with parties not allowed for the action. They stay until the user closes them.
 */
export function showValidationNotices(
  notification: NotificationApi,
  t: TFunction,
  actionLabel: string,
  results: TBookingValidationResult[],
  fallbackKey?: string,
) {
  const byJob = results.filter((r) => r.res === 'JOB');
  const byParty = results.filter((r) => r.res === 'PARTY');
  const list = (items: string[]) => [...new Set(items)].join(', ');
  if (byJob.length) {
    notification.warning({
      key: 'booking-validation-job',
      title: t('validation.title'),
      description: (
        <span data-testid="booking-validation-job">
          {t(BOOKING_MSG.validationByJob, { ns: 'msg', list: list(byJob.map((r) => r.so_no)) })}
        </span>
      ),
      duration: 0,
    });
  }
  if (byParty.length) {
    notification.warning({
      key: 'booking-validation-party',
      title: t('validation.title'),
      description: (
        <span data-testid="booking-validation-party">
          {t(BOOKING_MSG.validationByParty, {
            ns: 'msg',
            action: actionLabel,
            list: list(
              byParty.map((r) =>
                r.party_code
                  ? `${r.so_no} (${[r.party_type_name, r.party_code].filter(Boolean).join(' ')})`
                  : r.so_no,
              ),
            ),
          })}
        </span>
      ),
      duration: 0,
    });
  }
  if (!byJob.length && !byParty.length && fallbackKey) {
    notification.warning({
      key: 'booking-validation',
      title: t('validation.title'),
      description: t(fallbackKey, { ns: 'msg', action: actionLabel, list: '' }),
      duration: 0,
    });
  }
}
