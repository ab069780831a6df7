// A locator worker's first module: worker threads do not inherit the main thread's TypeScript
// loader, so the worker registers tsx itself and then loads its TypeScript entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
