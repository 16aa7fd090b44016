// @vitest-environment jsdom
import '../testing/antd-jsdom';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReasonDialog } from './reason-dialog';

afterEach(cleanup);

describe('ReasonDialog (the reason of a reject, cancel or delete)', () => {
  it('names its box by the label, keeps OK off until a reason is typed, and gives the reason trimmed', () => {
    const onOk = vi.fn();
    render(
      <ReasonDialog
        title="Reject"
        label="Reason"
        okTestId="reason-ok"
        inputTestId="reason-input"
        onOk={onOk}
        onCancel={() => {}}
      />,
    );
    const ok = screen.getByTestId('reason-ok') as HTMLButtonElement;
    expect(ok.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '   ' } });
    expect(ok.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: '  wrong consignee  ' } });
    expect(ok.disabled).toBe(false);
    fireEvent.click(ok);
    expect(onOk).toHaveBeenCalledWith('wrong consignee');
  });
});
