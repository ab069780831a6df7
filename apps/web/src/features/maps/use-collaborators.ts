/** One map's collaborators for the share dialog: loaded when it opens, changed one call at a time. */
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  API_ERRORS,
  type ApiErrorKey,
  type Collaborator,
  type CollaboratorRole,
} from '@rtls/contract';
import {
  addCollaborator,
  fetchCollaborators,
  removeCollaborator,
  updateCollaborator,
} from '../../api/collaborators.ts';
import { errorText } from '../../api/http.ts';

export function useCollaborators(mapId: string) {
  // null while the list loads.
  const [people, setPeople] = useState<Collaborator[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    setPeople(null);
    fetchCollaborators(mapId)
      .then((list) => live && setPeople(list))
      .catch((err: unknown) => {
        console.error(API_ERRORS.fetchCollaborators, err);
        if (live) {
          setPeople([]);
          setError(errorText(err));
        }
      });
    return () => {
      live = false;
    };
  }, [mapId]);

  // One change at a time. Controls are not disabled meanwhile: a focused control that turned
  // disabled would drop keyboard focus out of the dialog.
  const inFlight = useRef(false);
  /** Runs one change; on failure logs the call's message and shows it with the server's reason. */
  const run = useCallback(async (key: ApiErrorKey, change: () => Promise<void>) => {
    if (inFlight.current) return false;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await change();
      return true;
    } catch (err) {
      console.error(API_ERRORS[key], err);
      setError(errorText(err));
      return false;
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);

  // A changed collaborator keeps its place in the list; a new one goes last.
  const upsert = (c: Collaborator) =>
    setPeople((list) =>
      list?.some((p) => p.userId === c.userId)
        ? list.map((p) => (p.userId === c.userId ? c : p))
        : [...(list ?? []), c],
    );

  return {
    people,
    error,
    busy,
    /** Adds (or re-roles) a user named by id, e-mail or slug; true when it worked. */
    add: (user: string, role: CollaboratorRole) =>
      run('addCollaborator', async () => upsert(await addCollaborator(mapId, user, role))),
    setRole: (userId: string, role: CollaboratorRole) =>
      run('updateCollaborator', async () => upsert(await updateCollaborator(mapId, userId, role))),
    remove: (userId: string) =>
      run('removeCollaborator', async () => {
        await removeCollaborator(mapId, userId);
        setPeople((list) => (list ?? []).filter((p) => p.userId !== userId));
      }),
  };
}
