/**
 * The Maps tab's walk test of the map on screen. Owners and editors start or resume a walk, tap
 * its points on the plan, finish it and calibrate; everyone who sees the map opens its accuracy
 * reports.
 */
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { useRightsOn } from '../maps/access.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { CalibrationView } from './CalibrationView.tsx';
import { StartWalk } from './StartWalk.tsx';
import { WalkPanel } from './WalkPanel.tsx';
import { WalkReportsDialog } from './WalkReportsDialog.tsx';
import { useWalksStore } from './walks-store.ts';
import './walks.css';

/** The reports dialog: closed, or open on a report (the newest when none is named). */
type Reports = { open: false } | { open: true; reportId?: string };

export function WalkSection() {
  const { t } = useI18n();
  const headingId = useId();
  const mapId = useMapsStore((s) => s.currentMapId);
  const { edit } = useRightsOn(mapId);
  const [reports, setReports] = useState<Reports>({ open: false });
  if (!mapId) return null;
  return (
    <section
      className="settings-group walk-section"
      aria-labelledby={headingId}
      data-testid="walk-section"
    >
      <h3 id={headingId} className="section-title">
        {t('walks.title')}
      </h3>
      {edit && (
        <WalkStage mapId={mapId} onReport={(reportId) => setReports({ open: true, reportId })} />
      )}
      <button
        type="button"
        className="button walk-reports-open"
        aria-haspopup="dialog"
        onClick={() => setReports({ open: true })}
      >
        {t('walks.reports.open')}
      </button>
      {reports.open && (
        <WalkReportsDialog
          mapId={mapId}
          reportId={reports.reportId}
          onClose={() => setReports({ open: false })}
        />
      )}
    </section>
  );
}

/** Start or resume, the open walk, or the finished walk's calibration. */
function WalkStage({ mapId, onReport }: { mapId: string; onReport: (id: string) => void }) {
  const walk = useWalksStore((s) => (s.walk?.mapId === mapId ? s.walk : null));
  if (!walk) return <StartWalk mapId={mapId} />;
  if (walk.status === 'open') return <WalkPanel />;
  return (
    <CalibrationView
      key={walk.id}
      walkId={walk.id}
      mapId={mapId}
      onReport={onReport}
      onDone={() => useWalksStore.getState().close()}
    />
  );
}
