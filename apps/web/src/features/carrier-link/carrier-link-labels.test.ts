import { readFileSync } from 'node:fs';
import {
  CARRIER_AUTH_KINDS,
  CARRIER_BOOKING_FIELDS,
  CARRIER_CREDENTIAL_STATES,
  CARRIER_EVENT_CODES,
  CARRIER_EVENT_SOURCES,
  CARRIER_EXCHANGE_KINDS,
  CARRIER_LINK_ACTIONS,
  CARRIER_LINK_STATES,
  DCSA_STATUS_CODES,
  LANGUAGES,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { FCL_WORDS } from './carrier-link-model';

// Every code the carrier panels show has its words in every language (issue 42: "the DCSA codes shown get
// labels"); locales-complete.test.ts checks the languages have the same keys, this one that the keys are there.
const catalogue = (lang: string) =>
  JSON.parse(readFileSync(new URL(`./locales/${lang}/carrierLink.json`, import.meta.url), 'utf8')) as Record<
    string,
    Record<string, unknown>
  >;

const groups: [string, readonly string[]][] = [
  ['status', DCSA_STATUS_CODES],
  ['link', CARRIER_LINK_STATES],
  ['event', CARRIER_EVENT_CODES],
  ['source', CARRIER_EVENT_SOURCES],
  ['field', CARRIER_BOOKING_FIELDS],
  ['kind', CARRIER_EXCHANGE_KINDS],
  ['action', CARRIER_LINK_ACTIONS],
];

describe('carrierLink catalogue', () => {
  for (const lang of LANGUAGES) {
    it(`${lang}: every DCSA state, link state, history event, source, field and kind has words`, () => {
      const c = catalogue(lang);
      const missing = groups.flatMap(([group, codes]) =>
        codes
          .filter((code) => typeof c[group]?.[code] !== 'string' || !c[group][code])
          .map((code) => `${group}.${code}`),
      );
      const connection = c.connection as Record<string, Record<string, string>>;
      missing.push(
        ...CARRIER_CREDENTIAL_STATES.filter((s) => !connection.credential[s]).map(
          (s) => `connection.credential.${s}`,
        ),
        ...CARRIER_AUTH_KINDS.filter((s) => !connection.auth[s]).map((s) => `connection.auth.${s}`),
      );
      expect(missing).toEqual([]);
    });
  }

  for (const lang of LANGUAGES) {
    it(`${lang}: the FCL booking has its own words wherever the plan's name the plan`, () => {
      const c = catalogue(lang) as Record<string, Record<string, string>>;
      expect(FCL_WORDS.filter((k) => !c.fcl?.[k] || !c.booking?.[k])).toEqual([]);
      // The same placeholders as the plan's words.
      const holes = (text: string) => (text.match(/\{\{\w+\}\}/g) ?? []).sort();
      for (const k of FCL_WORDS) {
        if (k === 'noCarrier' || k === 'confirmSend' || k === 'cancelTitle') continue;
        expect(holes(c.fcl[k]), k).toEqual(holes(c.booking[k]));
      }
      expect(holes(c.fcl.confirmSend)).toEqual(['{{carrier}}', '{{no}}']);
      expect(holes(c.fcl.cancelTitle)).toEqual(['{{no}}']);
    });
  }

  it('says "Confirmed" for a confirmed booking (the journey waits on it)', () => {
    expect(catalogue('en-US').status.CONFIRMED).toBe('Confirmed');
  });
});
