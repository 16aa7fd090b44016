// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecipientsField } from './recipients-field';

// Keys stand for the texts (the catalogues load per language and would suspend the render).
vi.mock('react-i18next', () => ({
  initReactI18next: { type: '3rdParty', init: () => {} },
  useTranslation: () => ({ t: (k: string, o?: { email?: string }) => (o?.email ? `${k} ${o.email}` : k) }),
}));

afterEach(cleanup);

function Harness({ initial = [] }: { initial?: string[] }) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <>
      <label htmlFor="rcpt">Recipients</label>
      <RecipientsField id="rcpt" value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const input = () => screen.getByLabelText('Recipients') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;

describe('RecipientsField (issue 20: the schedule recipients without antd)', () => {
  it('adds addresses at a comma, semicolon, space or Enter, in lower case and once each', () => {
    render(<Harness />);
    fireEvent.change(input(), { target: { value: 'A@x.test;b@x.test c@x.test,A@X.TEST d' } });
    expect(value()).toBe('a@x.test,b@x.test,c@x.test');
    expect(input().value).toBe('d');
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(value()).toBe('a@x.test,b@x.test,c@x.test,d');
  });

  it('marks an address that is not an e-mail and removes it with its button or Backspace', () => {
    render(<Harness initial={['ok@x.test', 'not-an-address']} />);
    expect(screen.getByTestId('rw-recipient-not-an-address').className).toContain('plain-tag--red');
    expect(screen.getByTestId('rw-recipient-ok@x.test').className).not.toContain('plain-tag--red');
    expect(input().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'schedule.removeRecipient not-an-address' }));
    expect(value()).toBe('ok@x.test');
    expect(input().getAttribute('aria-invalid')).toBeNull();
    fireEvent.keyDown(input(), { key: 'Backspace' });
    expect(value()).toBe('');
  });
});
