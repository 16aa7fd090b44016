// @vitest-environment jsdom
import { LANGUAGES } from '@portal/contracts';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import mblEn from '../../features/master-bl/locales/en-US/masterBl.json';
import en from '../locales/en-US/list.json';
import cn from '../locales/zh-CN/list.json';
import hk from '../locales/zh-HK/list.json';
import { historyWording, humaniseKey } from './status-history';

const LIST = { 'en-US': en, 'zh-HK': hk, 'zh-CN': cn } as const;

async function tOf(lng: (typeof LANGUAGES)[number]) {
  const i = i18next.createInstance();
  await i.init({ lng, ns: ['list'], defaultNS: 'list', resources: { [lng]: { list: LIST[lng] } } });
  return i.t;
}

/** A feature's label function as the features make them: the key itself when the catalogue has none. */
const mblField = (f: string) => (mblEn.field as Record<string, string>)[f] ?? f;

describe('history wording (issue 38: labels, not raw keys; values as words)', () => {
  it('labels fields from the catalogue, paths part by part, and humanises what it does not name', async () => {
    const w = historyWording(await tOf('en-US'), mblField);
    expect(w.label('carrier_mbl_no')).toBe('Carrier MBL No.');
    expect(w.label('containers.0.seal_no')).toBe('Containers 1 · Seal No.');
    expect(w.label('so_nos.1')).toBe('SO# 2');
    expect(w.label('some_new_field')).toBe('Some new field');
    expect(humaniseKey('placeOfDelivery')).toBe('Place of delivery');
  });

  it('never shows a raw key: no underscore and no bare position in any label', async () => {
    const w = historyWording(await tOf('en-US'));
    for (const k of ['so_nos.0', 'containers.12.gross_weight', 'rules.0.min_amount', 'a.b_c.3'])
      expect(w.label(k)).not.toMatch(/_|\.\d/);
  });

  it('words values the same way in every language: empty, Yes/No, timestamps, lists, codes', async () => {
    const words = {
      'en-US': ['(empty)', 'Yes', 'No'],
      'zh-HK': ['（空白）', '是', '否'],
      'zh-CN': ['（空）', '是', '否'],
    };
    for (const lng of LANGUAGES) {
      const w = historyWording(await tOf(lng), undefined, (f, v) =>
        f === 'status' ? `S:${String(v)}` : String(v),
      );
      const [empty, yes, no] = words[lng];
      for (const v of [null, undefined, '', []]) expect(w.value('voyage', v)).toBe(empty);
      expect(w.value('show_freight', true)).toBe(yes);
      expect(w.value('show_freight', false)).toBe(no);
      expect(w.value('status', 'A')).toBe('S:A');
      expect(w.value('containers.0.status', 'A')).toBe('S:A');
      expect(w.value('etd', '2026-03-01T02:03:04.000Z')).toBe(
        dayjs('2026-03-01T02:03:04.000Z').format('YYYY-MM-DD HH:mm:ss'),
      );
      expect(w.value('cut_off', '2026-03-01T10:30')).toBe('2026-03-01 10:30');
      expect(w.value('etd', '2026-03-01')).toBe('2026-03-01');
      expect(w.value('so_nos', ['SO1', 'SO2'])).toBe('SO1, SO2');
      // Flags kept as text read as Yes/No too, never "false → true" (issue 39).
      expect(w.value('is_dangerous', 'true')).toBe(yes);
      expect(w.value('is_dangerous', 'false')).toBe(no);
      // A change that reads the same on both sides (null → "", false → "false") is not shown.
      expect(
        w
          .visible({
            remark: { from: null, to: '' },
            is_dangerous: { from: false, to: 'false' },
            voyage: { from: null, to: '001E' },
          })
          .map(([f]) => f),
      ).toEqual(['voyage']);
      expect(w.value('amount', '1200.50')).toBe('1200.50');
    }
  });
});
