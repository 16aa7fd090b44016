// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainSearch } from './plain-search';

afterEach(cleanup);

describe('PlainSearch (issue 20: Input.Search without antd)', () => {
  it('is a search landmark; Enter searches the trimmed text and an emptied box searches everything', () => {
    const onSearch = vi.fn();
    render(<PlainSearch label="Job# or SO# (prefix)" onSearch={onSearch} data-testid="job-search" />);
    expect(screen.getByRole('search').dataset.testid).toBe('job-search');
    const box = screen.getByRole('searchbox', { name: 'Job# or SO# (prefix)' });
    fireEvent.change(box, { target: { value: '  anhj26 ' } });
    expect(onSearch).not.toHaveBeenCalled();
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(onSearch).toHaveBeenLastCalledWith('anhj26');
    fireEvent.change(box, { target: { value: '' } });
    expect(onSearch).toHaveBeenLastCalledWith('');
    expect(onSearch).toHaveBeenCalledTimes(2);
  });
});
