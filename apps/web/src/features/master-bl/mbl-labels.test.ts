import { LANGUAGES } from '@portal/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { historyWording } from '../../shared/history/history-wording';
import listEn from '../../shared/locales/en-US/list.json';
import listCn from '../../shared/locales/zh-CN/list.json';
import listHk from '../../shared/locales/zh-HK/list.json';
import en from './locales/en-US/masterBl.json';
import cn from './locales/zh-CN/masterBl.json';
import hk from './locales/zh-HK/masterBl.json';
import { dcsaProblem } from './mbl-labels';

const RES = {
  'en-US': { masterBl: en, list: listEn },
  'zh-HK': { masterBl: hk, list: listHk },
  'zh-CN': { masterBl: cn, list: listCn },
} as const;

/** The bill's path labeller as useMblLabels builds it, in one language. */
async function fieldPathOf(lng: (typeof LANGUAGES)[number]) {
  const i = i18next.createInstance();
  await i.init({ lng, ns: ['masterBl', 'list'], defaultNS: 'list', resources: { [lng]: RES[lng] } });
  const field = (f: string) => i.t(`field.${f}`, { ns: 'masterBl', defaultValue: f });
  const w = historyWording(i.t, field);
  return (p: string) => (p ? w.label(p) : '');
}

describe("the master bill's DCSA messages and import differences (issue 39: labels, not field paths)", () => {
  it('labels every path the DCSA export and the carrier import report, in the three languages', async () => {
    const words = {
      'en-US': ['SO# 1', 'Carrier MBL No.', 'Containers 1 · Seal No.', 'Totals · Packages'],
      'zh-HK': ['SO 編號 1', '船公司提單號', '貨櫃 1 · 封條號', '合計 · 件數'],
      'zh-CN': ['SO 编号 1', '船公司提单号', '集装箱 1 · 封条号', '合计 · 件数'],
    };
    for (const lng of LANGUAGES) {
      const path = await fieldPathOf(lng);
      expect(['so_nos.0', 'carrier_mbl_no', 'containers.0.seal_no', 'totals.package_qty'].map(path)).toEqual(
        words[lng],
      );
    }
  });

  it('words a refusal by its labelled field; a schema problem of the carrier file as the server says it', async () => {
    const path = await fieldPathOf('en-US');
    const msg = (k: string, p: Record<string, unknown> | undefined) =>
      k === 'msgMblSoNoHsCode' ? `${String(p?.so_no)} has no HS code` : null;
    expect(
      dcsaProblem({ field: 'so_nos.0', msgKey: 'msgMblSoNoHsCode', params: { so_no: 'SO1' } }, path, msg),
    ).toBe('SO# 1: SO1 has no HS code');
    expect(dcsaProblem({ field: '', msgKey: 'msgMblSoNoHsCode', params: { so_no: 'SO1' } }, path, msg)).toBe(
      'SO1 has no HS code',
    );
    expect(
      dcsaProblem(
        { field: '/x', msgKey: 'msgMblDcsaInvalid', params: { message: 'must be string' } },
        path,
        msg,
      ),
    ).toBe('/x: must be string');
  });
});
