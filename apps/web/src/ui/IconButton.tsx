/** A button that shows only an icon: its label is both its accessible name and its tooltip. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'title' | 'aria-label'> & {
  label: string;
  /** A destructive action (delete, remove), drawn as such. */
  danger?: boolean;
  children: ReactNode;
};

export function IconButton({ label, danger, className, children, ...rest }: Props) {
  const classes = ['icon-button', danger && 'danger', className].filter(Boolean).join(' ');
  return (
    <button type="button" className={classes} aria-label={label} title={label} {...rest}>
      {children}
    </button>
  );
}
