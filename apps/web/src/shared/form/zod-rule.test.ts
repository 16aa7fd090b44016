import { ZCarrierFields, ZCreateCarrierRequest } from '@portal/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldsOf, loadContracts } from './lazy-schema';
import { zodFormRule, zodRule } from './zod-rule';

const t = ((key: string, o?: { ns?: string; max?: number }) =>
  `${o?.ns}:${key}${o?.max ? `(${o.max})` : ''}`) as unknown as TFunction;
const F = ZCarrierFields.shape;

/** Runs a rule's validator the way antd does; resolves to the error text or null. */
async function check(rule: ReturnType<typeof zodRule>, value: unknown): Promise<string | null> {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: antd's validator signature takes its internal rule object
    await rule.validator?.({} as any, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('zod rules from contracts as form rules', () => {
  it('rejects a carrier code that is too short with the translated message key', async () => {
    expect(await check(zodRule(F.carrier_code, { t }), 'X')).toBe('msg:msgCarrierCodeLength');
    expect(await check(zodRule(F.carrier_code, { t }), 'mae')).toBeNull();
  });

  it('asks for a required field that was left empty', async () => {
    expect(await check(zodRule(F.carrier_code, { t }), undefined)).toBe('msg:msgFieldRequired');
    expect(await check(zodRule(F.display_name, { t }), '  ')).toBe('msg:msgFieldRequired');
    expect(await check(zodRule(F.alliance, { t }), undefined)).toBe('msg:msgFieldRequired');
  });

  it('lets optional codes stay empty but checks them when given', async () => {
    expect(await check(zodRule(F.scac, { t }), '')).toBeNull();
    expect(await check(zodRule(F.scac, { t }), undefined)).toBeNull();
    expect(await check(zodRule(F.scac, { t }), 'M1')).toBe('msg:msgScacFormat');
    expect(await check(zodRule(F.cbsa, { t }), 'ABC')).toBe('msg:msgCarrierFourChars');
    expect(await check(zodRule(F.naccs, { t }), 'ab12')).toBeNull();
  });

  it('passes limits to the message', async () => {
    expect(await check(zodRule(F.display_name, { t }), 'x'.repeat(61))).toBe('msg:msgFieldTooLong(60)');
  });

  it('converts the form value first when asked', async () => {
    const rule = zodRule(F.effective_from, { t, toValue: (v) => (v as { iso: string }).iso });
    expect(await check(rule, { iso: '2026-02-30' })).toBe('msg:msgFieldInvalid');
    expect(await check(rule, { iso: '2026-02-03' })).toBeNull();
    expect(await check(rule, { iso: '' })).toBe('msg:msgFieldRequired');
  });

  it('reports a cross-field rule on its field only', async () => {
    const values = {
      carrier_code: 'X',
      display_name: '',
      full_name: 'A',
      alliance: 'NONE',
      carrier_type: 'AIR',
      effective_from: '2026-03-01',
      effective_to: '2026-02-01',
      status: 'A',
    };
    const form = { getFieldsValue: () => values } as never;
    const toRule = zodFormRule(ZCreateCarrierRequest, 'effective_to', (v) => v, t);
    expect(await check(toRule(form), undefined)).toBe('msg:msgEffectiveToBeforeFrom');
    const fromRule = zodFormRule(ZCreateCarrierRequest, 'carrier_code', (v) => v, t);
    expect(await check(fromRule(form), undefined)).toBeNull();
    values.effective_to = '2026-03-01';
    expect(await check(toRule(form), undefined)).toBeNull();
  });

  it('checks with a schema picked from the contracts loaded on the first check', async () => {
    const L = fieldsOf((c) => c.ZCarrierFields);
    expect(await check(zodRule(L('carrier_code'), { t }), 'X')).toBe('msg:msgCarrierCodeLength');
    expect(await check(zodRule(L('scac'), { t }), '')).toBeNull();
    const values = {
      carrier_code: 'MAEU',
      display_name: 'Maersk',
      full_name: 'Maersk A/S',
      alliance: 'NONE',
      carrier_type: 'OCEAN',
      effective_from: '2026-03-01',
      effective_to: '2026-02-01',
      status: 'A',
    };
    const toRule = zodFormRule(
      (c) => c.ZCreateCarrierRequest,
      'effective_to',
      (v) => v,
      t,
    );
    expect(await check(toRule({ getFieldsValue: () => values } as never), undefined)).toBe(
      'msg:msgEffectiveToBeforeFrom',
    );
    // One load, shared by every rule: the same module each time.
    expect(await loadContracts()).toBe(await loadContracts());
    expect((await loadContracts()).ZCarrierFields).toBe(ZCarrierFields);
  });

  it('reports a cross-field issue of a list line on exactly its path', async () => {
    const Lines = z.object({ lines: z.array(z.object({ code: z.string() })) }).superRefine((v, ctx) => {
      v.lines.forEach((l, i) => {
        if (i > 0 && l.code === v.lines[0].code)
          ctx.addIssue({ code: 'custom', path: ['lines', i, 'code'], message: 'msgContainerTypeDuplicate' });
      });
    });
    const form = { getFieldsValue: () => ({ lines: [{ code: '20GP' }, { code: '20GP' }] }) } as never;
    const rule = (path: string | (string | number)[]) => zodFormRule(Lines, path, (v) => v, t)(form);
    expect(await check(rule(['lines', 1, 'code']), undefined)).toBe('msg:msgContainerTypeDuplicate');
    expect(await check(rule(['lines', 0, 'code']), undefined)).toBeNull();
    // A top-level name takes any issue under it.
    expect(await check(rule('lines'), undefined)).toBe('msg:msgContainerTypeDuplicate');
  });
});
