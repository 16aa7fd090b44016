// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Typography } from './typography';

afterEach(cleanup);

describe('plain Typography (issue 20: antd Typography without antd)', () => {
  it('renders text decorations as semantic elements with the tone as a class', () => {
    render(
      <Typography.Text type="secondary" strong delete code data-testid="t" style={{ maxWidth: 9 }}>
        old
      </Typography.Text>,
    );
    const t = screen.getByTestId('t');
    expect(t.tagName).toBe('SPAN');
    expect(t.className).toBe('portal-typography portal-typography--secondary');
    expect(t.style.maxWidth).toBe('9px');
    expect(t.querySelector('strong > del > code')?.textContent).toBe('old');
  });

  it('titles are headings of their level; paragraphs are blocks', () => {
    render(
      <>
        <Typography.Title level={4}>Charges</Typography.Title>
        <Typography.Title>Page</Typography.Title>
        <Typography.Paragraph data-testid="p">
          <ul>
            <li>x</li>
          </ul>
        </Typography.Paragraph>
      </>,
    );
    expect(screen.getByRole('heading', { level: 4, name: 'Charges' }).className).toContain('portal-title--4');
    expect(screen.getByRole('heading', { level: 1, name: 'Page' })).toBeTruthy();
    expect(screen.getByTestId('p').tagName).toBe('DIV');
  });

  it('an ellipsed text carries its whole text, or the tooltip, as its title', () => {
    render(
      <>
        <Typography.Text ellipsis data-testid="a">
          A long consignee name
        </Typography.Text>
        <Typography.Text ellipsis={{ tooltip: 'HTTP 500 body' }} data-testid="b">
          HTTP 500…
        </Typography.Text>
      </>,
    );
    expect(screen.getByTestId('a').title).toBe('A long consignee name');
    expect(screen.getByTestId('a').className).toContain('portal-typography--ellipsis');
    expect(screen.getByTestId('b').title).toBe('HTTP 500 body');
  });

  it('a link without href is a button the keyboard reaches; with href it is an anchor', () => {
    const onClick = vi.fn();
    render(
      <>
        <Typography.Link onClick={onClick} strong>
          Open mail
        </Typography.Link>
        <Typography.Link href="/x" target="_blank" rel="noreferrer">
          link
        </Typography.Link>
      </>,
    );
    const button = screen.getByRole('button', { name: 'Open mail' });
    expect(button.getAttribute('type')).toBe('button');
    expect(button.querySelector('strong')).toBeTruthy();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    const a = screen.getByRole('link', { name: 'link' });
    expect(a.getAttribute('href')).toBe('/x');
    expect(a.getAttribute('target')).toBe('_blank');
  });
});
