/**
 * The machine a benchmark ran on, as every bench prints it: CPU, memory, Node, the load average
 * and a speed index taken in the same run, so that figures from machines of different speed (or
 * the same machine at another moment) can be set side by side.
 */
import os from 'node:os';
import { solveSpeed } from './speed.ts';

/**
 * Single-core maximum-likelihood solves per CPU-second of a fixed workload (256 epochs of 8
 * gateways): the machine's speed index. It counts CPU time, so other work sharing the machine
 * lowers it only as far as it slows the core itself.
 */
export function speedIndex(): number {
  return solveSpeed('maximum-likelihood');
}

/** One line naming the machine, its load now and its speed index (measured when called). */
export function machineLine(): string {
  const cpu = os.cpus();
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  const index = Math.round(speedIndex()).toLocaleString('en-US');
  return (
    `machine: ${cpu.length} × ${cpu[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GB, ` +
    `Node ${process.version}, load average ${load}, speed index ${index} ` +
    `(maximum-likelihood solves per CPU-second, one core)`
  );
}
