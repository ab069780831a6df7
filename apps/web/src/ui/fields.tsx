/** Small labelled form fields shared by the forms (sign-in, devices, gateways, view, settings panel). */
import type { ReactNode } from 'react';

/** A label around its text and control; `compact` for the narrow panels. */
function Field(props: {
  label: string;
  compact?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const classes = ['field', props.compact && 'compact', props.className].filter(Boolean).join(' ');
  return (
    <label className={classes}>
      <span>{props.label}</span>
      {props.children}
    </label>
  );
}

export function TextField(props: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  type?: 'email' | 'password';
  autoComplete?: string;
  required?: boolean;
}) {
  const { label, onChange, ...input } = props;
  return (
    <Field label={label}>
      <input {...input} onChange={(e) => onChange(e.target.value)} />
    </Field>
  );
}

/** The name a user gives an item of a panel (a zone, a rule), in any script and so any direction. */
export function NameField(props: {
  label: string;
  name: string;
  value: string;
  maxLength: number;
  /** The id of a text that says more about the field. */
  describedBy?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={props.label} compact>
      <input
        name={props.name}
        value={props.value}
        maxLength={props.maxLength}
        dir="auto"
        aria-describedby={props.describedBy}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

export function ColorField(props: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <Field label={props.label}>
      <input
        name="color"
        type="color"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </Field>
  );
}

export function CheckboxField(props: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  name?: string;
}) {
  return (
    <label className="checkbox">
      <input
        id={props.id}
        name={props.name}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
      />
      <span>{props.label}</span>
    </label>
  );
}

/** A select of fixed choices; `compact` for the narrow panels. */
export function SelectField<T extends string | number>(props: {
  label: string;
  name: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
  compact?: boolean;
  className?: string;
}) {
  const byString = new Map(props.options.map((o) => [String(o.value), o.value]));
  return (
    <Field label={props.label} compact={props.compact} className={props.className}>
      <select
        name={props.name}
        value={String(props.value)}
        onChange={(e) => {
          const value = byString.get(e.target.value);
          if (value !== undefined) props.onChange(value);
        }}
      >
        {props.options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A number typed as text, marked invalid with the range message while out of its bounds. */
export function NumberRangeField(props: {
  label: string;
  name?: string;
  value: string;
  onChange: (value: string) => void;
  min: number;
  max: number;
  step: number;
  invalid: boolean;
  rangeText: string;
  inputMode?: 'decimal';
}) {
  const { label, onChange, invalid, rangeText, ...input } = props;
  return (
    <Field label={label} compact>
      <input
        type="number"
        {...input}
        aria-invalid={invalid}
        onChange={(e) => onChange(e.target.value)}
      />
      {invalid && <small className="error-text">{rangeText}</small>}
    </Field>
  );
}
