// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainCard } from './plain-card';

afterEach(cleanup);

describe('PlainCard (issue 20: antd Card without antd)', () => {
  it('is a region named by its h2 heading, with the extra at the heading and the props passed through', () => {
    render(
      <PlainCard
        title="Delivery log"
        extra={<button type="button">Send</button>}
        data-testid="log"
        style={{ maxWidth: 9 }}
      >
        body
      </PlainCard>,
    );
    const region = screen.getByRole('region', { name: 'Delivery log' });
    expect(region.dataset.testid).toBe('log');
    expect(region.style.maxWidth).toBe('9px');
    expect(screen.getByRole('heading', { level: 2, name: 'Delivery log' })).toBeTruthy();
    expect(region.querySelector('.plain-card-head button')?.textContent).toBe('Send');
    expect(region.querySelector('.plain-card-body')?.textContent).toBe('body');
  });

  it('takes a lower heading level inside another card, and has no heading (nor name) without a title', () => {
    render(
      <PlainCard title="Load plan">
        <PlainCard title="#1 40HQ" headingLevel={3} className="plain-card--inner" data-testid="inner">
          x
        </PlainCard>
      </PlainCard>,
    );
    expect(screen.getByRole('heading', { level: 3, name: '#1 40HQ' })).toBeTruthy();
    expect(screen.getByTestId('inner').className).toBe('plain-card plain-card--inner');
    cleanup();
    render(<PlainCard data-testid="plain">x</PlainCard>);
    const plain = screen.getByTestId('plain');
    expect(plain.querySelector('h2, header')).toBeNull();
    expect(plain.hasAttribute('aria-labelledby')).toBe(false);
  });
});
