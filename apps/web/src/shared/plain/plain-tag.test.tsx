// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlainTag } from './plain-tag';

afterEach(cleanup);

describe('PlainTag (issue 20: antd Tag without antd)', () => {
  it('takes its colour as a class and passes the rest through', () => {
    render(
      <>
        <PlainTag colour="red" data-testid="alert-colour" title="Red">
          Red
        </PlainTag>
        <PlainTag className="extra">Plain</PlainTag>
      </>,
    );
    const red = screen.getByTestId('alert-colour');
    expect(red.className).toBe('plain-tag plain-tag--red');
    expect(red.title).toBe('Red');
    expect(screen.getByText('Plain').className).toBe('plain-tag extra');
  });
});
