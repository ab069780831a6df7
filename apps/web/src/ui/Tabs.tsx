/**
 * A row of tabs (WAI-ARIA tabs pattern): the selected one is the only one in the tab order, and
 * the arrow keys move between them, mirrored right-to-left.
 */
import { useRef, type KeyboardEvent, type MutableRefObject } from 'react';

export function Tabs<T extends string>(p: {
  ids: readonly T[];
  /** The selected tab's id (an id of none of them selects none). */
  selected: string;
  onSelect: (id: T) => void;
  label: (id: T) => string;
  tabId: (id: T) => string;
  panelId: (id: T) => string;
  /** The tablist's own name, when the heading above does not give it one. */
  ariaLabel?: string;
  /** Home and End go to the first and last tab as well, and the keys go no further. */
  homeEnd?: boolean;
  /** The tab buttons, in order, for a caller that moves the focus to one itself. */
  refs?: MutableRefObject<(HTMLButtonElement | null)[]>;
}) {
  const ownRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const refs = p.refs ?? ownRefs;
  const count = p.ids.length;
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const rtl = document.documentElement.dir === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[e.key];
    const next =
      p.homeEnd && e.key === 'Home'
        ? 0
        : p.homeEnd && e.key === 'End'
          ? count - 1
          : step
            ? (index + step + count) % count
            : -1;
    if (next < 0) return;
    if (p.homeEnd) e.preventDefault();
    p.onSelect(p.ids[next]!);
    refs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={p.ariaLabel}>
      {p.ids.map((id, i) => (
        <button
          key={id}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={p.tabId(id)}
          aria-selected={p.selected === id}
          aria-controls={p.panelId(id)}
          tabIndex={p.selected === id ? 0 : -1}
          onClick={() => p.onSelect(id)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {p.label(id)}
        </button>
      ))}
    </div>
  );
}
