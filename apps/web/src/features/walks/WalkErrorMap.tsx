/**
 * A report's map of the errors: the plan with every point where the tag stood (its number) and a
 * line to where its readings put it, both in the colour of the error's band (the bands of the
 * predicted-accuracy layer, so the two maps read alike); a point that was not located is a hollow
 * grey ring. The table of every point below says the same in words.
 */
import type { ReportPoint, WalkReport } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { imageSize } from '../../map/crs.ts';
import { planImageUrl } from '../../map/image-url.ts';
import { PLAN_BAND_COLOURS, planBand, planBandLabel } from '../../map/layers/plan-paint.ts';
import { useMapsStore } from '../maps/maps-store.ts';
import { useSettingsStore } from '../settings/settings-store.ts';

/** A marker's radius as a share of the plan's longer side: readable when the plan fills a page. */
const MARKER_SHARE = 1 / 50;

/** The rectangle shown (plan pixels): the plan's, grown to hold every point drawn. */
function extent(points: readonly ReportPoint[], width: number, height: number, pad: number) {
  let [x0, y0, x1, y1] = [0, 0, width, height];
  for (const p of points)
    for (const [x, y] of [
      [p.x, p.y],
      [p.locatedX, p.locatedY],
    ]) {
      if (x === null || y === null || x === undefined || y === undefined) continue;
      [x0, y0, x1, y1] = [
        Math.min(x0, x - pad),
        Math.min(y0, y - pad),
        Math.max(x1, x + pad),
        Math.max(y1, y + pad),
      ];
    }
  return { x0, y0, w: x1 - x0, h: y1 - y0 };
}

export function WalkErrorMap({ report }: { report: WalkReport }) {
  const { t } = useI18n();
  const map = useMapsStore((s) => s.entities[report.mapId]);
  const defaultImage = useSettingsStore((s) => s.saved.defaultImage);
  const { width, height } = imageSize(map?.settings);
  const url = map ? planImageUrl(map, defaultImage) : null;
  const r = Math.max(width, height) * MARKER_SHARE;
  const box = extent(report.points, width, height, 2 * r);
  const bands = new Set(
    report.points.flatMap((p) => (p.errorM === null ? [] : [planBand(p.errorM)])),
  );
  return (
    <figure className="walk-error-map" data-testid="walk-error-map">
      <svg
        viewBox={`${box.x0} ${box.y0} ${box.w} ${box.h}`}
        role="img"
        aria-label={t('walks.report.mapLabel', { count: report.points.length })}
      >
        {url && <image href={url} width={width} height={height} preserveAspectRatio="none" />}
        {report.points.map((p, i) => (
          <ErrorMark key={p.pointId} point={p} n={i + 1} r={r} />
        ))}
      </svg>
      <figcaption>
        <ul className="walk-error-legend">
          {PLAN_BAND_COLOURS.map((colour, band) =>
            bands.has(band) ? (
              <li key={colour}>
                <span className="plan-swatch" style={{ background: colour }} aria-hidden="true" />
                {planBandLabel(band, t)}
              </li>
            ) : null,
          )}
        </ul>
        <p>{t('walks.report.mapHow')}</p>
      </figcaption>
    </figure>
  );
}

/** One point: the line to where it was located, and its numbered ring where the tag stood. */
function ErrorMark({ point: p, n, r }: { point: ReportPoint; n: number; r: number }) {
  const located = p.errorM !== null && p.locatedX !== null && p.locatedY !== null;
  const colour = located ? PLAN_BAND_COLOURS[planBand(p.errorM!)] : undefined;
  return (
    <g data-testid="walk-error-mark" data-point={n} data-colour={colour ?? 'none'}>
      {located && (
        <>
          <line
            className="walk-error-halo"
            x1={p.x}
            y1={p.y}
            x2={p.locatedX!}
            y2={p.locatedY!}
            strokeWidth={r * 0.7}
          />
          <line
            x1={p.x}
            y1={p.y}
            x2={p.locatedX!}
            y2={p.locatedY!}
            stroke={colour}
            strokeWidth={r * 0.35}
          />
          <circle
            cx={p.locatedX!}
            cy={p.locatedY!}
            r={r * 0.35}
            fill={colour}
            className="walk-error-fix"
          />
        </>
      )}
      <circle
        cx={p.x}
        cy={p.y}
        r={r}
        className={located ? 'walk-error-spot' : 'walk-error-spot unlocated'}
        fill={colour ?? 'none'}
        strokeWidth={r * 0.2}
      />
      <text x={p.x} y={p.y} fontSize={r * 1.1} textAnchor="middle" dominantBaseline="central">
        {n}
      </text>
    </g>
  );
}
