import {
  ACCT_PROCESS_STATUSES,
  APPROVAL_STATUSES,
  BOOKING_STATUSES,
  CONSOL_STATUSES,
  ENS_ROLES,
  INVOICE_STATUSES,
  ISF_ROLES,
  LANGUAGES,
  MBL_STATUSES,
  PARTY_STATUSES,
} from '@portal/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import codesEn from '../locales/en-US/codes.json';
import msgEn from '../locales/en-US/msg.json';
import codesCn from '../locales/zh-CN/codes.json';
import msgCn from '../locales/zh-CN/msg.json';
import codesHk from '../locales/zh-HK/codes.json';
import msgHk from '../locales/zh-HK/msg.json';
import { codeWord, registerCodeFormats, statusKindOf, statusWord } from './code-words';

const CODES = { 'en-US': codesEn, 'zh-HK': codesHk, 'zh-CN': codesCn } as const;
const MSG = { 'en-US': msgEn, 'zh-HK': msgHk, 'zh-CN': msgCn } as const;

async function instance(lng: (typeof LANGUAGES)[number]) {
  const i = i18next.createInstance();
  await i.init({
    lng,
    ns: ['codes', 'msg'],
    defaultNS: 'msg',
    interpolation: { escapeValue: false },
    resources: { [lng]: { codes: CODES[lng], msg: MSG[lng] } },
  });
  registerCodeFormats(i);
  return i;
}

/** Every contracts status list, by the catalogue section that words it. */
const LISTS = {
  booking: BOOKING_STATUSES,
  approval: APPROVAL_STATUSES,
  consolidation: CONSOL_STATUSES,
  invoice: INVOICE_STATUSES,
  masterBl: MBL_STATUSES,
  party: PARTY_STATUSES,
  record: ['A', 'I'],
} as const;

describe('the codes catalogue (issue 39: one catalogue for every status a user sees)', () => {
  it('words every status of every kind, and every party role, in the three languages', async () => {
    for (const lng of LANGUAGES) {
      const t = (await instance(lng)).t;
      for (const [kind, codes] of Object.entries(LISTS))
        for (const code of codes) {
          const word = statusWord(t, kind, code);
          expect(word, `${lng} ${kind} ${code}`).not.toBe(code);
          expect(word).not.toMatch(/^[A-Z_0-9]+$/);
        }
      // An invoice's accounting process status (issue 39: "SUCCESS" on the invoice header and GP Report 3).
      for (const code of ACCT_PROCESS_STATUSES)
        expect(codeWord(t, 'acctProcess', code), `${lng} ${code}`).not.toMatch(/^[A-Z_0-9]+$/);
      for (const role of [...ISF_ROLES, ...ENS_ROLES])
        expect(t(`partyRole.${role}`, { ns: 'codes' }), `${lng} ${role}`).not.toMatch(/[A-Z]{2,}_|^[A-Z_]+$/);
    }
  });

  it('takes the kinds as screens and the server name them', async () => {
    const t = (await instance('en-US')).t;
    expect(statusWord(t, 'consol', 'PENDING_CUSTOMER')).toBe('Pending customer approval');
    expect(statusWord(t, 'master_bl', 'DRAFT')).toBe('Draft');
    expect(statusWord(t, 'mbl', 'ISSUED')).toBe('Issued');
    expect(statusWord(t, 'booking_approval', 'CONFIRMED')).toBe('Confirmed');
    expect(statusWord(t, 'load_plan', 'PLAN')).toBe('Plan');
    expect(statusWord(t, 'invoice', 'APPROVED_2')).toBe('Approved (2nd level)');
    expect(statusKindOf('user')).toBeNull();
    expect(statusWord(t, 'user', 'X')).toBe('X');
  });

  it('words a code param of a message: an ISF party role, a status', async () => {
    const words = {
      'en-US': ['Ship to', 'Container stuffing location', 'Draft', 'Accounting Printed'],
      'zh-HK': ['收貨地址', '裝櫃地點', '草稿', '會計已列印'],
      'zh-CN': ['收货地址', '装箱地点', '草稿', '会计已打印'],
    };
    for (const lng of LANGUAGES) {
      const { t } = await instance(lng);
      const [shipTo, stuffing, draft, accPrinted] = words[lng];
      expect(t('msgIsfPartyRequired', { role: 'SHIP_TO' })).toContain(shipTo);
      expect(t('msgIsfPartyRequired', { role: 'STUFFING_LOCATION' })).toContain(stuffing);
      expect(t('msgIsfPartyRequired', { role: 'SHIP_TO' })).not.toContain('SHIP_TO');
      expect(t('msgMblNotEditable', { status: 'DRAFT' })).toContain(draft);
      expect(t('msgPostingWrongStatus', { status: 'ACCOUNTING_PRINTED' })).toContain(accPrinted);
    }
  });
});
