import { describe, expect, it } from 'vitest';
import { renderTemplate } from './email-template.render';

// Security review (issue 37) I1: a placeholder names one of the event's own parameters, nothing inherited.
describe('e-mail placeholders', () => {
  const inherited = '{{constructor}}|{{toString}}|{{__proto__}}|{{hasOwnProperty}}|{{valueOf}}';

  it('render inherited names (constructor, toString, __proto__) as empty, in subject, text and HTML', () => {
    const mail = renderTemplate(inherited, inherited, { so_no: 'SO1' }, { so_no: 'SO1' });
    for (const out of [mail.subject, mail.text, mail.html]) {
      expect(out).not.toMatch(/function|native code|\[object/);
      expect(out).toContain('||||');
    }
  });

  it('still renders an own parameter, whatever its name', () => {
    const params = { so_no: 'SO1', constructor: 'Acme' };
    const mail = renderTemplate('{{so_no}} {{constructor}}', '{{constructor}}', params, params);
    expect(mail.subject).toBe('SO1 Acme');
    expect(mail.text).toBe('Acme');
  });
});
