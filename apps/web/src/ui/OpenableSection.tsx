/**
 * A group of the settings panel whose body is loaded only when the user opens it: a title, an
 * introduction and a button that shows or hides the body (rendered only while shown).
 */
import { useState, type ReactNode } from 'react';

interface Props {
  /** The group's class, test id and (with `-body`) the id of its body. */
  id: string;
  title: string;
  intro: string;
  /** The button's text while the body is hidden, and while it is shown. */
  manage: string;
  hide: string;
  /** The body; its root element carries the id `${id}-body`. */
  children: ReactNode;
}

export function OpenableSection({ id, title, intro, manage, hide, children }: Props) {
  const [open, setOpen] = useState(false);
  return (
    <fieldset className={`settings-group ${id}`} data-testid={id}>
      <legend className="section-title">{title}</legend>
      <p className="muted">{intro}</p>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? hide : manage}
      </button>
      {open && children}
    </fieldset>
  );
}
