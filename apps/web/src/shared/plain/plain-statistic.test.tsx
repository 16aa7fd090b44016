// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainStatistic } from './plain-statistic';

afterEach(cleanup);

describe('PlainStatistic (issue 20: antd Statistic without antd)', () => {
  it('shows the title as the term and the value as its definition, with the test id and value style', () => {
    render(
      <PlainStatistic
        title="Count"
        value="1,234+"
        valueStyle={{ fontSize: 18 }}
        data-testid="stat"
        className="extra"
      />,
    );
    const stat = screen.getByTestId('stat');
    expect(stat.tagName).toBe('DL');
    expect(stat.className).toBe('plain-statistic extra');
    expect(screen.getByRole('term').textContent).toBe('Count');
    const value = screen.getByRole('definition');
    expect(value.textContent).toBe('1,234+');
    expect(value.className).toBe('plain-statistic-value');
    expect(value.style.fontSize).toBe('18px');
    expect(stat.textContent).toBe('Count1,234+');
  });

  it('renders a node as the title (an empty one before the data loads)', () => {
    render(<PlainStatistic title={<span data-testid="t">HKD</span>} value="…" data-testid="stat" />);
    expect(screen.getByTestId('t').textContent).toBe('HKD');
    expect(screen.getByRole('definition').textContent).toBe('…');
  });
});
