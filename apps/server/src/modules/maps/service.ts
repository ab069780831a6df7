/** Map rules: create, edit, delete, duplicate, presets, collaborators and the background image. */
import { randomUUID } from 'node:crypto';
import { NEW_MAP_SETTINGS, type MapMetadata, type MapSettings, type Point } from '@rtls/contract';
import { badRequest, notFound } from '../../lib/errors.ts';
import { checkImage } from '../../lib/images.ts';
import type { ImagesRepository } from '../images/repository.ts';
import { assertCan } from './access.ts';
import { presentMap } from './presenter.ts';
import type { MapsRepository } from './repository.ts';

export interface MapInput {
  name: string;
  description?: string;
  isPublic?: boolean;
  metadata?: MapMetadata;
  settings?: MapSettings;
}

/** What other modules hear of map changes. */
export interface MapChanges {
  /** The map's scale or plan size changed, or it was deleted: positions on it re-locate. */
  geometry(mapId: string): void;
  /** Someone may have lost read access (private again, collaborator gone, deleted). */
  access(mapId: string): void;
}

const NO_CHANGES: MapChanges = { geometry: () => undefined, access: () => undefined };

const sameSize = (a?: MapSettings['imageSize'], b?: MapSettings['imageSize']) =>
  a?.width === b?.width && a?.height === b?.height;

export function mapsService(
  maps: MapsRepository,
  images: ImagesRepository,
  changes: MapChanges = NO_CHANGES,
) {
  async function load(userId: string, mapId: string) {
    return maps.visible(userId, mapId);
  }

  return {
    async create(userId: string, input: MapInput) {
      const id = randomUUID();
      await maps.insert({
        id,
        ownerId: userId,
        name: input.name.trim(),
        description: input.description ?? '',
        isPublic: input.isPublic ?? false,
        metadata: input.metadata ?? {},
        settings: { ...NEW_MAP_SETTINGS, ...input.settings },
      });
      return presentMap((await load(userId, id))!);
    },

    /** Editors change content; only the owner may change who can see the map (isPublic). */
    async update(userId: string, mapId: string, input: MapInput) {
      const row = assertCan(await load(userId, mapId), 'edit');
      const isPublic = input.isPublic ?? row.is_public;
      if (isPublic !== row.is_public) assertCan(row, 'share');
      // The background image changes only through upload and removal.
      const settings = {
        ...row.settings,
        ...input.settings,
        backgroundImage: row.settings.backgroundImage,
      };
      await maps.update(mapId, {
        name: input.name.trim(),
        description: input.description ?? row.description,
        isPublic,
        metadata: { ...row.metadata, ...input.metadata },
        settings,
      });
      if (
        settings.pixelsPerMetre !== row.settings.pixelsPerMetre ||
        !sameSize(settings.imageSize, row.settings.imageSize)
      )
        changes.geometry(mapId);
      if (row.is_public && !isPublic) changes.access(mapId);
      return presentMap((await load(userId, mapId))!);
    },

    async remove(userId: string, mapId: string) {
      const row = assertCan(await load(userId, mapId), 'delete');
      await maps.remove(mapId);
      changes.geometry(mapId);
      changes.access(mapId);
      await images.releaseIfUnused(row.settings.backgroundImage);
    },

    /** Anyone who can see a map may copy it; the copy is theirs and private. */
    async duplicate(userId: string, mapId: string) {
      const row = assertCan(await load(userId, mapId), 'read');
      const copiedImage = await images.copy(row.settings.backgroundImage, userId);
      const id = randomUUID();
      await maps.insert({
        id,
        ownerId: userId,
        name: `${row.name} (copy)`.slice(0, 200),
        description: row.description,
        isPublic: false,
        metadata: row.metadata,
        settings: { ...row.settings, ...(copiedImage ? { backgroundImage: copiedImage } : {}) },
      });
      return presentMap((await load(userId, id))!);
    },

    async savePreset(userId: string, mapId: string, preset: { center: Point; zoom: number }) {
      assertCan(await load(userId, mapId), 'edit');
      await maps.mergeSettings(mapId, { savedView: preset });
      return preset;
    },

    async setImage(userId: string, mapId: string, data: Buffer) {
      const row = assertCan(await load(userId, mapId), 'edit');
      const img = checkImage(data);
      const path = await images.insert(userId, img);
      await maps.mergeSettings(mapId, {
        backgroundImage: path,
        imageSize: { width: img.width, height: img.height },
      });
      if (!sameSize(img, row.settings.imageSize)) changes.geometry(mapId);
      await images.releaseIfUnused(row.settings.backgroundImage);
      return presentMap((await load(userId, mapId))!);
    },

    async removeImage(userId: string, mapId: string) {
      const row = assertCan(await load(userId, mapId), 'edit');
      const settings = { ...row.settings };
      delete settings.backgroundImage;
      await maps.update(mapId, {
        name: row.name,
        description: row.description,
        isPublic: row.is_public,
        metadata: row.metadata,
        settings,
      });
      await images.releaseIfUnused(row.settings.backgroundImage);
      return presentMap((await load(userId, mapId))!);
    },

    async collaborators(userId: string, mapId: string) {
      assertCan(await load(userId, mapId), 'read');
      return maps.collaborators(mapId);
    },

    /** One collaborator, named like everywhere else: user id, e-mail or user name. */
    async collaborator(userId: string, mapId: string, userRef: string) {
      assertCan(await load(userId, mapId), 'read');
      const target = await maps.findUser(userRef);
      const found =
        target && (await maps.collaborators(mapId)).find((c) => c.user_id === target.id);
      if (!found) throw notFound('Collaborator');
      return found;
    },

    async setCollaborator(
      userId: string,
      mapId: string,
      userRef: string,
      role: 'editor' | 'viewer',
    ) {
      const row = assertCan(await load(userId, mapId), 'manage-collaborators');
      const target = await maps.findUser(userRef);
      if (!target) throw notFound('User');
      if (target.id === row.owner_id) throw badRequest('The owner cannot also be a collaborator');
      await maps.setCollaborator(mapId, target.id, role);
      return (await maps.collaborators(mapId)).find((c) => c.user_id === target.id)!;
    },

    /** The owner removes anyone; a collaborator may remove themselves (leave the map). */
    async removeCollaborator(userId: string, mapId: string, userRef: string) {
      const row = await load(userId, mapId);
      const collaboratorId = (row && (await maps.findUser(userRef))?.id) ?? userRef;
      if (!(row && collaboratorId === userId && row.access_level !== 'owner')) {
        assertCan(row, 'manage-collaborators');
      }
      if (!(await maps.removeCollaborator(mapId, collaboratorId))) throw notFound('Collaborator');
      changes.access(mapId);
    },
  };
}
export type MapsService = ReturnType<typeof mapsService>;
