/** One action on a map as an icon button, labelled with the map's name (cards, list, banner). */
import type { TrackingMap } from '@rtls/contract';
import { useI18n } from '../../i18n/I18nProvider.tsx';
import { IconButton } from '../../ui/IconButton.tsx';
import { CopyIcon, PencilIcon, ShareIcon, TrashIcon } from './icons.tsx';
import { useMapActions } from './use-map-actions.ts';

export type MapAction = 'edit' | 'share' | 'duplicate' | 'delete';

const LABELS = {
  edit: 'maps.edit',
  share: 'maps.share.button',
  duplicate: 'maps.duplicate',
  delete: 'maps.delete',
} as const;
const ICONS = { edit: PencilIcon, share: ShareIcon, duplicate: CopyIcon, delete: TrashIcon };

export function MapActionButton(props: {
  map: TrackingMap;
  action: MapAction;
  className?: string;
}) {
  const { map, action } = props;
  const { t } = useI18n();
  const actions = useMapActions();
  const run = {
    edit: () => actions.edit(map),
    share: () => actions.share(map),
    duplicate: () => void actions.duplicate(map),
    delete: () => void actions.remove(map),
  }[action];
  const Icon = ICONS[action];
  return (
    <IconButton
      label={t(LABELS[action], { name: map.name })}
      danger={action === 'delete'}
      className={props.className}
      onClick={run}
    >
      <Icon />
    </IconButton>
  );
}
