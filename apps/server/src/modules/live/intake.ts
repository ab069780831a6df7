/**
 * Where ingest hands the reports it takes: they go live at once, while they are being stored.
 * The callers taken in one turn of the event loop (many, under load) are sent on together, in
 * order: fewer, larger messages to the positions stream and the sockets. Reports taken and not
 * yet sent are bounded: past the bound, full() tells ingest to wait before it takes more.
 */
import type { LiveIntake } from '../ingest/pipeline.ts';
import type { CleanReport } from '../ingest/validate.ts';

export interface IntakeOptions {
  /** Send one owner's taken reports on (the positions stream); never rejects. */
  send: (ownerId: string, reports: readonly CleanReport[]) => Promise<void>;
  /** Most reports taken but not yet sent. */
  maxUnsent: number;
  /** Called once a caller's reports are sent: ms since they were taken. */
  onSent?: (latencyMs: number, reports: number) => void;
  onError?: (err: unknown) => void;
}

export function createIntake({ send, maxUnsent, onSent, onError }: IntakeOptions) {
  /** Reports taken for the next send, per owner, and their callers. */
  let taken = new Map<string, CleanReport[]>();
  let callers: { at: number; reports: number }[] = [];
  let scheduled = false;
  /** Settles when everything taken so far has been sent. */
  let sending: Promise<void> = Promise.resolve();
  let unsent = 0;

  /** Send what take() gathered, one call per owner. */
  async function sendTaken() {
    scheduled = false;
    const [byOwner, batch] = [taken, callers];
    [taken, callers] = [new Map(), []];
    const n = batch.reduce((sum, c) => sum + c.reports, 0);
    try {
      await Promise.all([...byOwner].map(([ownerId, reports]) => send(ownerId, reports)));
      const now = Date.now();
      for (const c of batch) onSent?.(now - c.at, c.reports);
    } catch (err) {
      onError?.(err); // a live update missed is re-fetched by clients
    } finally {
      unsent -= n;
    }
  }

  const intake: LiveIntake & { sent(): Promise<void> } = {
    full: () => (unsent >= maxUnsent ? sending : null),

    take(ownerId, reports) {
      unsent += reports.length;
      const list = taken.get(ownerId);
      if (!list) taken.set(ownerId, [...reports]);
      else for (const r of reports) list.push(r);
      callers.push({ at: Date.now(), reports: reports.length });
      if (scheduled) return;
      scheduled = true;
      sending = sending.then(() => new Promise<void>((r) => setImmediate(r))).then(sendTaken);
    },

    /** Settles when everything taken so far has been sent. */
    sent: () => sending,
  };
  return intake;
}
export type Intake = ReturnType<typeof createIntake>;
