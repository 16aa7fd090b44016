import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { type ChineseLanguage, otherScript } from './chinese-script';

/**
 * Every zh-CN catalogue text is Simplified and every zh-HK text Traditional (issue 39: zh-CN showed 訂舱号 with
 * a Traditional 訂). The characters of the other script are OpenCC's (chinese-script.ts), not a hand list.
 */

const SRC = fileURLToPath(new URL('../..', import.meta.url));

/** Every catalogue file of a language: shared/locales/<lang>/*.json and features/<module>/locales/<lang>/*.json. */
function catalogues(dir: string, language: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) continue;
    if (name === 'locales') {
      const own = join(path, language);
      found.push(
        ...readdirSync(own)
          .filter((f) => f.endsWith('.json'))
          .map((f) => join(own, f)),
      );
    } else found.push(...catalogues(path, language));
  }
  return found;
}

type Json = { [k: string]: Json } | string | number | boolean | null | Json[];

function* texts(value: Json, key = ''): Generator<[string, string]> {
  if (typeof value === 'string') yield [key, value];
  else if (value !== null && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* texts(v, key ? `${key}.${k}` : k);
}

describe('the script of the Chinese catalogues', () => {
  it('tells the scripts apart (the tables are there and read in context)', () => {
    expect(otherScript('訂舱号', 'zh-CN').map((f) => f.char)).toEqual(['訂']);
    expect(otherScript('订舱号、显著、乾坤、后台', 'zh-CN')).toEqual([]);
    expect(otherScript('发票之后', 'zh-HK').map((f) => f.char)).toEqual(['发', '后']);
    expect(otherScript('平台、客戶群組、干擾、帳戶、公里、託運', 'zh-HK')).toEqual([]);
  });

  for (const language of ['zh-CN', 'zh-HK'] as ChineseLanguage[]) {
    it(`${language}: no character of the other script`, () => {
      const files = catalogues(SRC, language);
      expect(files.length).toBeGreaterThan(20);
      const wrong = files.flatMap((file) =>
        [...texts(JSON.parse(readFileSync(file, 'utf8')) as Json)].flatMap(([key, text]) =>
          otherScript(text, language).map(
            (f) => `${relative(SRC, file)} ${key}: ${f.char} in "${f.context}"`,
          ),
        ),
      );
      expect(wrong).toEqual([]);
    });
  }
});
