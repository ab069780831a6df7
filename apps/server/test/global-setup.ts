/** Probes the machine services once per run and hands the result to every server test file. */
import type { TestProject } from 'vitest/node';
import { probeServices } from './services.ts';

export default async function setup(project: TestProject) {
  project.provide('services', await probeServices());
}
