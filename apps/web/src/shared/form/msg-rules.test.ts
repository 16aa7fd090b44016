// @vitest-environment jsdom
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { i18nReady } from '../i18n/i18n';
import { msgTextOf, patternMsgRule, requiredMsgRule } from './zod-rule';

/** Runs a rule's validator the way antd does; resolves to the error text or null. */
async function check(rule: ReturnType<typeof requiredMsgRule>, value: unknown): Promise<string | null> {
  try {
    // biome-ignore lint/suspicious/noExplicitAny: antd's validator signature takes its internal rule object
    await rule.validator?.({} as any, value, () => {});
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('rules whose message is a msg key (issue 20: `msg` loads when a check fails)', () => {
  it('translates the message of a failing required rule although the page had not loaded msg', async () => {
    await i18nReady;
    expect(i18next.hasLoadedNamespace('msg')).toBe(false);
    const rule = requiredMsgRule();
    // Still a required rule for the Form.Item's mark.
    expect(rule.required).toBe(true);
    expect(await check(rule, 'x')).toBeNull();
    expect(await check(rule, undefined)).toBe('This field is required');
    expect(i18next.hasLoadedNamespace('msg')).toBe(true);
  });

  it('treats what antd calls empty as empty, blanks only with whitespace', async () => {
    expect(await check(requiredMsgRule(), '')).toBe('This field is required');
    expect(await check(requiredMsgRule(), [])).toBe('This field is required');
    expect(await check(requiredMsgRule(), null)).toBe('This field is required');
    expect(await check(requiredMsgRule(), 0)).toBeNull();
    expect(await check(requiredMsgRule(), '  ')).toBeNull();
    expect(await check(requiredMsgRule('msgFieldRequired', { whitespace: true }), '  ')).toBe(
      'This field is required',
    );
  });

  it('checks a pattern only when a value is given', async () => {
    const rule = patternMsgRule(/^\d+(\.\d+)?$/, 'msgAmountInvalid');
    expect(await check(rule, '')).toBeNull();
    expect(await check(rule, '12.5')).toBeNull();
    expect(await check(rule, '12,5')).toBe(await msgTextOf('msgAmountInvalid'));
    expect(await msgTextOf('msgAmountInvalid')).not.toBe('msgAmountInvalid');
  });
});
