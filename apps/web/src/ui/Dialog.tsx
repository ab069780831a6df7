/**
 * The console's one modal dialog: labelled by its title, aria-modal, focus moved inside, kept
 * there by Tab and returned to the opener on close; Escape and a backdrop click close it, except
 * while busy (saving).
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

interface Props {
  /** The dialog's heading; leave it out when the children render one and name it in labelledBy. */
  title?: string;
  /** The id of a heading inside the children that labels the dialog. */
  labelledBy?: string;
  onClose: () => void;
  /** While busy (saving), neither Escape nor the backdrop closes it. */
  busy?: boolean;
  /** The look: 'dlg' for the device and gateway dialogs, 'modal' for the map forms. */
  variant?: 'dlg' | 'modal';
  testId?: string;
  children: ReactNode;
}

const FOCUSABLE = 'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

const focusables = (box: HTMLElement) =>
  [...box.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('disabled') && !el.closest('[hidden]'),
  );

export function Dialog({
  title,
  labelledBy,
  onClose,
  busy = false,
  variant = 'dlg',
  testId,
  children,
}: Props) {
  const boxRef = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const box = boxRef.current;
    if (box && !box.contains(document.activeElement)) focusables(box)[0]?.focus();
    return () => opener?.focus?.();
  }, []);

  // Focus can fall out of the dialog to the page (a focused button got disabled or removed):
  // Escape still closes it and Tab brings focus back inside, as while it was in.
  useEffect(() => {
    const onStrayKey = (e: globalThis.KeyboardEvent) => {
      const box = boxRef.current;
      if (!box || box.contains(e.target as Node)) return;
      if (e.key === 'Escape' && !busy) {
        e.stopPropagation();
        onClose();
      } else if (e.key === 'Tab') {
        e.preventDefault();
        focusables(box)[0]?.focus();
      }
    };
    document.addEventListener('keydown', onStrayKey, true);
    return () => document.removeEventListener('keydown', onStrayKey, true);
  }, [busy, onClose]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !busy) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab' || !boxRef.current) return;
    const items = focusables(boxRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className={`${variant}-backdrop`}
      data-testid={`${variant}-backdrop`}
      onMouseDown={(e) => {
        if (e.target === e.currentTarget && !busy) onClose();
      }}
    >
      <div
        ref={boxRef}
        className={variant}
        role="dialog"
        aria-modal="true"
        aria-labelledby={title === undefined ? labelledBy : titleId}
        data-testid={testId}
        onKeyDown={onKeyDown}
      >
        {title !== undefined && (
          <h2 id={titleId} className={`${variant}-title`}>
            {title}
          </h2>
        )}
        {children}
      </div>
    </div>,
    document.body,
  );
}
