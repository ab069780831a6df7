/** Devices tab (foundation): monitored devices with connection status and last-seen time. */
import { listStatus } from '@rtls/contract';
import { formatLastSeen, formatRssi } from '../../app/format.ts';
import { useI18n } from '../../app/I18nProvider.tsx';
import { useUiStore } from '../layout/ui-store.ts';
import { useDevicesStore } from './devices-store.ts';

export function DeviceList() {
  const { t, language } = useI18n();
  const entities = useDevicesStore((s) => s.entities);
  const monitored = useDevicesStore((s) => s.monitored);
  const loading = useDevicesStore((s) => s.loading);
  const error = useDevicesStore((s) => s.error);
  const selected = useUiStore((s) => s.selectedDeviceMac);
  const selectDevice = useUiStore((s) => s.selectDevice);
  if (error && monitored.length === 0) return <p className="error-text">{error}</p>;
  if (loading && monitored.length === 0)
    return <div className="spinner" role="status" aria-label={t('app.loading')} />;
  return (
    <section>
      <h3 className="section-title">{t('devices.title')}</h3>
      {error && monitored.length > 0 && (
        <p className="error-text small" role="status">
          {error}
        </p>
      )}
      {monitored.length === 0 ? (
        <p className="muted">{t('devices.empty')}</p>
      ) : (
        <ul className="card-list" data-testid="device-list">
          {monitored.map((mac) => {
            const d = entities[mac];
            if (!d) return null;
            const status = listStatus(d.lastSeen);
            return (
              <li key={mac}>
                <button
                  type="button"
                  className={`list-card row${selected === mac ? ' current' : ''}`}
                  aria-pressed={selected === mac}
                  onClick={() => selectDevice(mac)}
                >
                  <span
                    className="swatch"
                    style={{ background: d.customSettings.color ?? 'var(--device)' }}
                    aria-hidden="true"
                  />
                  <span className="grow">
                    <span className="title">{d.name}</span>
                    <span className="muted small" dir="ltr">
                      {d.mac}
                    </span>
                  </span>
                  <span className="end">
                    <span className={`status ${status}`}>{t(`devices.status.${status}`)}</span>
                    <span className="muted small">
                      {formatLastSeen(d.lastSeen, t, language)} · {formatRssi(d.rssi)}
                    </span>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
