import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  APPROVAL_MSG,
  BOOKING_MSG,
  CARRIER_LINK_MSG,
  CONSOL_MSG,
  LANGUAGES,
  MBL_CARRIER_MSG,
  MBL_MSG,
  MSG,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../..', import.meta.url));
const BASE = 'en-US';
const OTHERS = LANGUAGES.filter((l) => l !== BASE);
/** Keys the web app itself uses in the msg namespace beyond the server's MSG (000 §5 texts). */
const WEB_MSG_KEYS = [
  'msgUsernameRequired',
  'msgPasswordRequired',
  'msgLanguageRequired',
  'msgProfileRequired',
  'msgOldPasswordIncorrect',
  'msgStrongPWRequired',
  'msgPasswordInconsistent',
];

/** Every `locales` folder under src (shared/locales and features/<module>/locales). */
function localeDirs(dir: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules') continue;
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'locales') found.push(path);
    else found.push(...localeDirs(path));
  }
  return found;
}

type Json = { [k: string]: Json } | string | number | boolean | null | Json[];

/** "a.b.c" → value for every leaf of a translation file. */
function flatten(value: Json, prefix = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out.set(prefix, value);
  }
  return out;
}

const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8')) as Json;
const placeholders = (v: Json) => [...String(v).matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

const dirs = localeDirs(SRC);

describe('translation files', () => {
  it('finds the shared and feature locale folders', () => {
    expect(dirs.map((d) => relative(SRC, d))).toContain(join('shared', 'locales'));
  });

  for (const dir of dirs) {
    const where = relative(SRC, dir);
    const namespaces = existsSync(join(dir, BASE))
      ? readdirSync(join(dir, BASE)).filter((f) => f.endsWith('.json'))
      : [];
    for (const file of namespaces) {
      const en = flatten(readJson(join(dir, BASE, file)));
      for (const lang of OTHERS) {
        it(`${where}/${lang}/${file} has every en-US key, with the same placeholders`, () => {
          const path = join(dir, lang, file);
          expect(existsSync(path), `${path} is missing`).toBe(true);
          const other = flatten(readJson(path));
          const missing = [...en.keys()].filter((k) => !other.has(k));
          expect(missing, `keys missing in ${where}/${lang}/${file}`).toEqual([]);
          const empty = [...other].filter(([, v]) => v === '').map(([k]) => k);
          expect(empty, `empty texts in ${where}/${lang}/${file}`).toEqual([]);
          const mismatched = [...en]
            .filter(
              ([k, v]) => other.has(k) && placeholders(v).join() !== placeholders(other.get(k) ?? '').join(),
            )
            .map(([k]) => k);
          expect(mismatched, `placeholders differ in ${where}/${lang}/${file}`).toEqual([]);
        });
      }
    }
  }

  it('translates every message key the server answers with (MSG) in en-US msg.json', () => {
    const msg = flatten(readJson(join(SRC, 'shared', 'locales', BASE, 'msg.json')));
    const untranslated = [
      ...Object.values(MSG),
      ...Object.values(BOOKING_MSG),
      ...Object.values(APPROVAL_MSG),
      ...Object.values(CONSOL_MSG),
      ...Object.values(MBL_MSG),
      ...Object.values(CARRIER_LINK_MSG),
      ...Object.values(MBL_CARRIER_MSG),
      ...WEB_MSG_KEYS,
    ].filter((k) => !msg.has(k));
    expect(untranslated).toEqual([]);
  });
});
