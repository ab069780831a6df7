/**
 * Map controls: zoom, fit, full screen, edit mode, view presets, the scale tool, and replay.
 * They sit beside the Leaflet container, not in it, so map gestures never see their clicks.
 */
import type { ReactNode, RefObject } from 'react';
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../i18n/I18nProvider.tsx';
import { canEdit } from '../features/maps/access.ts';
import { PresetNotice } from '../features/maps/PresetNotice.tsx';
import { savePresetWithNotice } from '../features/maps/preset-notice.ts';
import { openPresetReplay } from '../features/history/open-replay.ts';
import { useReplayStore } from '../features/history/replay-store.ts';
import { useUiStore } from '../features/layout/ui-store.ts';
import { IconButton } from '../ui/IconButton.tsx';
import { CONTROL_ICONS as I } from './control-icons.tsx';
import { fitMap } from './fit.ts';
import { useLeafletMap } from './map-context.ts';
import { applyView, readView } from './map-view.ts';
import { useFullScreen } from './use-full-screen.ts';
import { scaleToZoom, stepScale, zoomToScale } from './zoom.ts';

interface Props {
  map: TrackingMap;
  /** The element that goes full screen. */
  frame: RefObject<HTMLElement | null>;
  scaleActive: boolean;
  onScaleTool: () => void;
}

export function MapControls({ map: tracking, frame, scaleActive, onScaleTool }: Props) {
  const { t } = useI18n();
  const map = useLeafletMap();
  const { isFullScreen, toggle } = useFullScreen(frame, map);
  const isEditMode = useUiStore((s) => s.isEditMode);
  const setEditMode = useUiStore((s) => s.setEditMode);
  const replaying = useReplayStore((s) => s.session?.mapId === tracking._id);
  if (!map) return null;
  const editable = canEdit(tracking);
  const saved = tracking.settings.savedView;
  const zoomBy = (direction: 1 | -1) =>
    map.setZoom(scaleToZoom(stepScale(zoomToScale(map.getZoom()), direction)));
  const savePreset = () => void savePresetWithNotice(tracking._id, readView(map));
  const button = (label: string, onClick: () => void, glyph: ReactNode, extra = {}) => (
    <IconButton label={label} onClick={onClick} {...extra}>
      {glyph}
    </IconButton>
  );
  return (
    <div className="map-controls" role="toolbar" aria-label={t('map.controls')}>
      {button(t('map.zoomIn'), () => zoomBy(1), I.zoomIn)}
      {button(t('map.zoomOut'), () => zoomBy(-1), I.zoomOut)}
      {button(t('map.fit'), () => fitMap(map, tracking), I.fit)}
      {button(
        t(isFullScreen ? 'map.exitFullScreen' : 'map.fullScreen'),
        toggle,
        isFullScreen ? I.exitFullScreen : I.fullScreen,
        { 'aria-pressed': isFullScreen },
      )}
      {editable &&
        button(t('map.editMode'), () => setEditMode(!isEditMode), I.edit, {
          'aria-pressed': isEditMode,
        })}
      {editable && button(t('map.savePreset'), savePreset, I.savePreset)}
      {button(t('map.loadPreset'), () => saved && applyView(map, saved), I.loadPreset, {
        disabled: !saved,
      })}
      {editable &&
        button(t('map.scale.tool'), onScaleTool, I.scale, {
          'aria-pressed': scaleActive,
        })}
      {button(
        t('history.replay.open'),
        () =>
          replaying ? useReplayStore.getState().close() : openPresetReplay(tracking._id, 'hour'),
        I.replay,
        { 'aria-pressed': replaying },
      )}
      {editable && <PresetNotice mapId={tracking._id} />}
    </div>
  );
}
