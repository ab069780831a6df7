/** Small labelled form fields shared by the forms (sign-in, devices, gateways, view, settings panel). */
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
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        type={props.type}
        name={props.name}
        autoComplete={props.autoComplete}
        required={props.required}
        value={props.value}
        maxLength={props.maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
  );
}

export function ColorField(props: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label className="field">
      <span>{props.label}</span>
      <input
        name="color"
        type="color"
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </label>
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
    <label
      className={`field${props.compact ? ' compact' : ''}${props.className ? ` ${props.className}` : ''}`}
    >
      <span>{props.label}</span>
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
    </label>
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
  return (
    <label className="field compact">
      <span>{props.label}</span>
      <input
        type="number"
        name={props.name}
        inputMode={props.inputMode}
        min={props.min}
        max={props.max}
        step={props.step}
        value={props.value}
        aria-invalid={props.invalid}
        onChange={(e) => props.onChange(e.target.value)}
      />
      {props.invalid && <small className="error-text">{props.rangeText}</small>}
    </label>
  );
}
