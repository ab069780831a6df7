/** Header: tools-panel toggle, connection indicator, and a menu with language and logout. */
import { useEffect, useRef, useState } from 'react';
import { Logo } from '../../ui/Logo.tsx';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { AlertCenter } from '../alerts/AlertCenter.tsx';
import { ConnectionIndicator } from '../live/ConnectionIndicator.tsx';
import { useMapsStore } from '../maps/maps-store.ts';
import { useSessionStore } from '../session/session-store.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { useUiStore } from './ui-store.ts';

export function Header() {
  const { t } = useI18n();
  const toggleUtilityCard = useUiStore((s) => s.toggleUtilityCard);
  const minimised = useUiStore((s) => s.isUtilityCardMinimized);
  const user = useSessionStore((s) => s.user);
  const signOut = useSessionStore((s) => s.signOut);
  const who = user?.name || user?.email || t('header.menu');
  const openSettings = useUiStore((s) => s.setSettingsOpen);
  const [open, setOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  // The menu closes on Escape (focus back on its button) and on a click outside it.
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return;
        setOpen(false);
        buttonRef.current?.focus();
      } else if (!menuRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <header className="app-header">
      <button
        type="button"
        className="icon-button"
        aria-label={t('header.toggleTools')}
        aria-pressed={!minimised}
        onClick={toggleUtilityCard}
        data-testid="toggle-tools"
      >
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M3 5h14M3 10h14M3 15h14"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      <div className="brand">
        <Logo size={28} />
        <span>{t('app.name')}</span>
      </div>
      <div className="header-end">
        <AlertCenter />
        <ConnectionIndicator />
        <div className="menu" ref={menuRef}>
          <button
            ref={buttonRef}
            type="button"
            className="button ghost user-menu"
            aria-controls={open ? 'header-menu' : undefined}
            aria-expanded={open}
            aria-label={who}
            title={who}
            onClick={() => setOpen((o) => !o)}
            data-testid="user-menu"
          >
            {/* Phones show the icon; the name is in the menu. */}
            <svg
              className="user-icon"
              width="20"
              height="20"
              viewBox="0 0 20 20"
              aria-hidden="true"
            >
              <circle cx="10" cy="7" r="3.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <path
                d="M3.5 17c.8-3.2 3.4-5 6.5-5s5.7 1.8 6.5 5"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
              />
            </svg>
            <span className="user-name">{who}</span> <span aria-hidden="true">▾</span>
          </button>
          {open && (
            <div className="menu-popover" id="header-menu" data-testid="header-menu">
              <div className="menu-user">{who}</div>
              <div className="menu-section">
                <span className="muted">{t('header.language')}</span>
                <LanguageSwitch />
              </div>
              <button
                type="button"
                className="menu-item"
                data-testid="open-settings"
                onClick={() => {
                  setOpen(false);
                  // The settings live in the tools panel, which only the tabs mode shows.
                  useMapsStore.getState().setViewMode('tabs');
                  openSettings(true);
                }}
              >
                {t('header.settings')}
              </button>
              <button
                type="button"
                className="menu-item"
                data-testid="logout"
                onClick={() => void signOut()}
              >
                {t('header.logout')}
              </button>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
