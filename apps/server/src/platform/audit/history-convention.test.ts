import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../modules');

/** Ways of making a history entry's `changes` by hand instead of through diffFields / diffRows. */
const HAND_MADE: [RegExp, string][] = [
  [/\bchanges:\s*\{\s*[^}\s]/, 'a changes object written out'],
  [/\bchanges:\s*Object\.fromEntries\(/, 'a changes object built from a list'],
  [/\bchanges(\[[^\]]+\]|\.\w+)\s*=[^=]/, 'a field set on a changes object'],
  [/(FieldChanges|\{ from: unknown; to: unknown \}>)\s*=\s*\{\}/, 'an empty changes object to fill'],
];

/**
 * Entries that are not a stored row's before/after (said why), each allowed the ways it uses. Everything
 * else goes through the one diff (issue 38: history records exactly the stored values that changed).
 */
const ALLOWED: Record<string, { rules: string[]; why: string }> = {
  'webhook/webhook.service.ts': {
    rules: ['a field set on a changes object'],
    why: 'the secret is never written to the history: its change is recorded as … → …',
  },
  'sopms/sopms.service.ts': {
    rules: ['an empty changes object to fill', 'a field set on a changes object'],
    why: 'an override records the checks accepted (expected → actual), not a change of the invoice row',
  },
};

/** The hand-made `changes` in a source text: `[line, rule]` pairs. */
function handMadeChanges(text: string): [number, string][] {
  const out: [number, string][] = [];
  text.split('\n').forEach((line, i) => {
    for (const [re, rule] of HAND_MADE) if (re.test(line)) out.push([i + 1, rule]);
  });
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.ts$/.test(e.name) && !/\.test(-helpers)?\.ts$|\.test\.ts$|\.factory\.ts$/.test(e.name)
      ? [p]
      : [];
  });
}

describe('status history: one diff everywhere (docs/decisions.md "Audit trail: what counts as a change")', () => {
  it('no module makes a history entry’s changes by hand', () => {
    const found = sources(MODULES).flatMap((file) => {
      const rel = path.relative(MODULES, file).split(path.sep).join('/');
      return handMadeChanges(readFileSync(file, 'utf8'))
        .filter(([, rule]) => !ALLOWED[rel]?.rules.includes(rule))
        .map(
          ([line, rule]) => `modules/${rel}:${line} ${rule} (use diffFields / diffRows of platform/audit)`,
        );
    });
    expect(found).toEqual([]);
  });

  it('the check finds each hand-made form, and not a diff or a column named like it', () => {
    const text = [
      'changes: { pol: { from: a, to: b } },',
      'changes: Object.fromEntries(list.map((d) => [d.field, d])),',
      "changes['pol'] = { from: a, to: b };",
      'changes.members = x;',
      'const changes: FieldChanges = {};',
      'changes: diffFields(before, row, FIELDS),',
      'amended_changes: { cbm: x },',
      'if (changes.pol === x) return;',
      'const step = { set: {}, changes: {} };',
    ].join('\n');
    expect(handMadeChanges(text)).toEqual([
      [1, 'a changes object written out'],
      [2, 'a changes object built from a list'],
      [3, 'a field set on a changes object'],
      [4, 'a field set on a changes object'],
      [5, 'an empty changes object to fill'],
    ]);
  });
});
