import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CheckboxField, NumberRangeField, SelectField } from './fields.tsx';

describe('fields', () => {
  it('a select gives back the typed value of the picked option', () => {
    const onChange = vi.fn();
    render(
      <SelectField
        label="Data Refresh Rate"
        name="refreshRate"
        value={5000}
        options={[
          { value: 1000, label: '1 s' },
          { value: 5000, label: '5 s' },
        ]}
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Data Refresh Rate') as HTMLSelectElement;
    expect(select.value).toBe('5000');
    fireEvent.change(select, { target: { value: '1000' } });
    expect(onChange).toHaveBeenCalledWith(1000);
  });

  it('a ranged number shows its range message only while invalid', () => {
    const maxZoom = (value: string, invalid: boolean) => (
      <NumberRangeField
        label="Max Zoom"
        value={value}
        onChange={() => {}}
        min={1}
        max={10}
        step={0.1}
        invalid={invalid}
        rangeText="Between 1 and 10"
      />
    );
    const { rerender } = render(maxZoom('3', false));
    expect(screen.queryByText('Between 1 and 10')).toBeNull();
    rerender(maxZoom('11', true));
    expect(screen.getByRole('spinbutton').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Between 1 and 10')).toBeDefined();
  });

  it('a checkbox reports its new state', () => {
    const onChange = vi.fn();
    render(<CheckboxField label="Show trail" checked={false} onChange={onChange} />);
    fireEvent.click(screen.getByLabelText('Show trail'));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
