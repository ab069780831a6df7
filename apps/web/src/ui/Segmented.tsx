/** A row of buttons of which the pressed one is the current choice. */
import type { ReactNode } from 'react';

interface Props<T extends string> {
  /** The group's accessible name. */
  label?: string;
  /** Classes besides `segmented`. */
  className?: string;
  value: T;
  /**
   * Each choice; `lang` when its label is in a language of its own; `name`, its accessible name,
   * when the label alone does not say it all.
   */
  options: readonly { value: T; label: ReactNode; lang?: string; name?: string }[];
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
          aria-label={option.name}
          aria-pressed={props.value === option.value}
          onClick={() => props.onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
