/**
 * A group of the settings panel whose body is loaded only when the user opens it: a title, an
 * introduction and a button that shows or hides the body (rendered only while shown).
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { useI18n } from '../i18n/I18nProvider.tsx';

/** The translation groups of such sections: each has a title, an intro, manage and hide. */
type SectionTexts = 'ingestKeys' | 'mqttOutput' | 'webhooks';

interface Props {
  /** The group's class, test id and (with `-body`) the id of its body. */
  id: string;
  texts: SectionTexts;
  /** The body; its root element carries the id `${id}-body`. */
  children: ReactNode;
}

export function OpenableSection({ id, texts, children }: Props) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  return (
    <fieldset className={`settings-group ${id}`} data-testid={id}>
      <legend className="section-title">{t(`${texts}.title`)}</legend>
      <p className="muted">{t(`${texts}.intro`)}</p>
      <button
        type="button"
        className="button"
        aria-expanded={open}
        aria-controls={`${id}-body`}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t(`${texts}.hide`) : t(`${texts}.manage`)}
      </button>
      {open && children}
    </fieldset>
  );
}

/** A settings section as a component of its own: the group `id`, opening onto `Body`. */
export function openableSection(id: string, texts: SectionTexts, Body: ComponentType) {
  return function Section() {
    return (
      <OpenableSection id={id} texts={texts}>
        <Body />
      </OpenableSection>
    );
  };
}
