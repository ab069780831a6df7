/** Gateways tab (foundation): the current map's gateways with their last-seen time. */
import { formatLastSeen } from '../../app/format.ts';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useGatewaysStore } from './gateways-store.ts';

export function GatewayList() {
  const { t, language } = useI18n();
  const entities = useGatewaysStore((s) => s.entities);
  const error = useGatewaysStore((s) => s.error);
  const list = Object.values(entities);
  if (error) return <p className="error-text">{error}</p>;
  return (
    <section>
      <h3 className="section-title">{t('gateways.title')}</h3>
      {list.length === 0 ? (
        <p className="muted">{t('gateways.empty')}</p>
      ) : (
        <ul className="card-list">
          {list.map((g) => (
            <li key={g.mac} className="list-card row static">
              <span
                className="swatch"
                style={{ background: g.customSettings.color ?? 'var(--gateway)' }}
                aria-hidden="true"
              />
              <span className="grow">
                <span className="title">{g.name}</span>
                <span className="muted small" dir="ltr">
                  {g.mac}
                </span>
              </span>
              <span className="muted small">{formatLastSeen(g.lastSeen, t, language)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
