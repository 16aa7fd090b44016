import { Converter } from 'opencc-js';

/**
 * Which characters of a Chinese text belong to the other script (issue 39): Traditional characters in zh-CN
 * (Simplified) text, Simplified characters in zh-HK (Traditional) text. Used by the catalogue test
 * (chinese-script.test.ts) and the language journey (e2e/tests/words.spec.ts); the app itself never loads it.
 *
 * The tables are OpenCC's (opencc-js), not a hand list. A character is of the other script only when OpenCC
 * converts it both on its own and in its text (OpenCC converts phrases first):
 * - zh-CN: a Traditional character is one that converting to Simplified from a Traditional standard (OpenCC's
 *   own, Hong Kong's or Taiwan's) changes, on its own and in the text written in that standard (訂 in
 *   "訂舱号": 訂艙號 → 订舱号). Characters both scripts write are left alone: 著 in 显著, 乾 in 乾坤.
 * - zh-HK: a Simplified character is one that converting to every Traditional standard changes, on its own
 *   and in the text (发 in "发票" → 發票, 柜 → 櫃, 里 in 里面). A character one standard keeps is Traditional
 *   usage somewhere (台 in Hong Kong, 群 in Taiwan) and characters Traditional writes too (后, 只, 面, 托, 表)
 *   are left alone, as are Hong Kong's own variants (戶, 稅, 綫) and phrases (干 in 干擾, 里 in 公里).
 */

export type ChineseLanguage = 'zh-CN' | 'zh-HK';

const TRADITIONAL = ['t', 'hk', 'tw'] as const;

const toTraditional = TRADITIONAL.map((to) => Converter({ from: 'cn', to }));
const fromTraditional = TRADITIONAL.map((from) => Converter({ from, to: 'cn' }));
const hkToSimplified = Converter({ from: 'hk', to: 'cn' });

/** The code points of a text (OpenCC converts character for character, so positions line up). */
const chars = (text: string) => Array.from(text);

/** A converted text's code points, or null when the conversion changed the length (nothing lines up then). */
function aligned(original: string[], converted: string): string[] | null {
  const out = chars(converted);
  return out.length === original.length ? out : null;
}

/** Whether a conversion changes a character on its own (out of context); remembered per character. */
function changes(convert: (text: string) => string, memo: Map<string, boolean>, c: string): boolean {
  let hit = memo.get(c);
  if (hit === undefined) {
    hit = convert(c) !== c;
    memo.set(c, hit);
  }
  return hit;
}

const fromTraditionalMemo = TRADITIONAL.map(() => new Map<string, boolean>());
const toTraditionalMemo = TRADITIONAL.map(() => new Map<string, boolean>());

/** Positions of the Traditional characters in Simplified (zh-CN) text. */
function traditionalIn(text: string): number[] {
  const s = chars(text);
  const found = new Set<number>();
  TRADITIONAL.forEach((_, k) => {
    const suspects = s.flatMap((c, i) => (changes(fromTraditional[k], fromTraditionalMemo[k], c) ? [i] : []));
    if (suspects.length === 0) return;
    const written = aligned(s, toTraditional[k](text));
    const back = written && aligned(s, fromTraditional[k](written.join('')));
    for (const i of suspects) {
      if (!written || !back || (written[i] === s[i] && back[i] !== s[i])) found.add(i);
    }
  });
  return [...found].sort((a, b) => a - b);
}

/** Positions of the Simplified characters in Traditional (zh-HK) text. */
function simplifiedIn(text: string): number[] {
  const s = chars(text);
  const suspects = s.flatMap((c, i) =>
    TRADITIONAL.every((_, k) => changes(toTraditional[k], toTraditionalMemo[k], c)) ? [i] : [],
  );
  if (suspects.length === 0) return [];
  const simplified = aligned(s, hkToSimplified(text));
  if (!simplified) return suspects;
  const back = toTraditional.map((f) => aligned(s, f(simplified.join(''))));
  return suspects.filter((i) => simplified[i] === s[i] && back.every((b) => b === null || b[i] !== s[i]));
}

/** Only texts with a CJK ideograph are worth converting (the check runs over whole pages). */
const HAN = /\p{Script=Han}/u;

/**
 * The characters of `text` that are of the other script than `language` writes, each with the word around
 * it (a few characters either side) so a report can say where it was.
 */
export function otherScript(text: string, language: ChineseLanguage): { char: string; context: string }[] {
  if (!HAN.test(text)) return [];
  const s = chars(text);
  const at = language === 'zh-CN' ? traditionalIn(text) : simplifiedIn(text);
  return at.map((i) => ({ char: s[i], context: s.slice(Math.max(0, i - 4), i + 5).join('') }));
}
