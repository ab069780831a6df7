/** A row of buttons of which the pressed one is the current choice. */
interface Props<T extends string> {
  /** The group's accessible name. */
  label?: string;
  /** Classes besides `segmented`. */
  className?: string;
  value: T;
  /** Each choice; `lang` when its label is in a language of its own. */
  options: readonly { value: T; label: string; lang?: string }[];
  onChange: (value: T) => void;
}

export function Segmented<T extends string>(props: Props<T>) {
  return (
    <div
      className={props.className ? `segmented ${props.className}` : 'segmented'}
      role="group"
      aria-label={props.label}
    >
      {props.options.map((option) => (
        <button
          key={option.value}
          type="button"
          lang={option.lang}
          aria-pressed={props.value === option.value}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
